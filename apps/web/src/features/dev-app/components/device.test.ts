import { describe, expect, it } from "vitest";
import { deviceOf } from "./device";

describe("deviceOf", () => {
  it("tells Android phones, iPhones and iPads, and computers apart", () => {
    expect(
      deviceOf("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131 Mobile"),
    ).toBe("android");
    expect(deviceOf("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1")).toBe(
      "ios",
    );
    // iPadOS asks for the desktop page with a Mac's user agent, on a touch screen.
    const mac = "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605";
    expect(deviceOf(mac, 5)).toBe("ios");
    expect(deviceOf(mac, 0)).toBe("computer");
    expect(deviceOf("Mozilla/5.0 (X11; Linux x86_64) Chrome/131 Safari/537.36")).toBe("computer");
  });
});
