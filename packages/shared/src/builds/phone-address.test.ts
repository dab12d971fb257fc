import { describe, expect, it } from "vitest";
import { findLoopbackUrls, isDevelopmentServer, isUnreachableFromPhone } from "./phone-address";

describe("isUnreachableFromPhone", () => {
  it.each([
    ["http://localhost:3300", true],
    ["http://LOCALHOST", true],
    ["https://app.localhost:8443", true],
    ["http://127.0.0.1:3300", true],
    ["http://127.1.2.3", true],
    ["http://[::1]:3300", true],
    ["http://0.0.0.0:3300", true],
    ["http://192.168.1.20:3300", false],
    ["http://10.0.0.2", false],
    ["https://hybridge.example.com", false],
    ["http://localhost.example.com", false],
  ])("%s → %s", (url, unreachable) => {
    expect(isUnreachableFromPhone(url)).toBe(unreachable);
  });
});

describe("isDevelopmentServer", () => {
  it("is an http:// PUBLIC_URL, never an https one", () => {
    expect(isDevelopmentServer("http://192.168.1.20:3300")).toBe(true);
    expect(isDevelopmentServer(" HTTP://10.0.0.2")).toBe(true);
    expect(isDevelopmentServer("https://hybridge.example.com")).toBe(false);
  });
});

describe("findLoopbackUrls", () => {
  it("finds the loopback server addresses a bundle carries, each once", () => {
    const bundle = [
      'const s="http://localhost:3300";fetch(s+"/api")',
      "<script>window.a='http://127.0.0.1:3300/api/v1'</script>",
      'x="HTTP://LOCALHOST:3300"; y="http://[::1]:8080"; z="http://0.0.0.0"',
      'w="https://dev.localhost:5173"',
    ].join("\n");
    expect(findLoopbackUrls(bundle)).toEqual([
      "http://localhost:3300",
      "http://127.0.0.1:3300",
      "http://[::1]:8080",
      "http://0.0.0.0",
      "https://dev.localhost:5173",
    ]);
  });

  it("leaves network addresses and look-alike names alone", () => {
    expect(
      findLoopbackUrls(
        'a="http://192.168.1.20:3300" b="http://localhost.example.com" c="https://hybridge.example.com" d="localhost:3300" e="http://127.0.0.1.nip.io"',
      ),
    ).toEqual([]);
  });
});
