import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./server-address";

describe("isLoopbackAddress", () => {
  it("spots addresses a phone cannot reach", () => {
    for (const url of [
      "http://localhost:3000",
      "http://LOCALHOST",
      "https://app.localhost:8443",
      "http://127.0.0.1:3000",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
    ]) {
      expect(isLoopbackAddress(url), url).toBe(true);
    }
  });

  it("accepts network addresses and names", () => {
    for (const url of [
      "http://192.168.1.10:3000",
      "https://hybridge.example.com",
      "http://10.0.0.2",
      "http://localhost.example.com",
      "not a url",
    ]) {
      expect(isLoopbackAddress(url), url).toBe(false);
    }
  });
});
