import { afterEach, describe, expect, it, vi } from "vitest";
import { BRIDGE_VERSION, callNative, insideApp } from "./bridge";
import { HybridgeError } from "./errors";
import { type FakeShell, installFakeShell } from "./fake-shell";

let shell: FakeShell | null = null;
afterEach(() => {
  shell?.remove();
  shell = null;
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as HybridgeError;
  }
  throw new Error("it did not fail");
};

describe("the SDK's bridge", () => {
  it("finds no app in a browser, nor an object that does not speak the protocol", async () => {
    expect(insideApp()).toBe(false);
    (globalThis as { HybridgeNative?: unknown }).HybridgeNative = { logout() {} };
    expect(insideApp()).toBe(false);
    delete (globalThis as { HybridgeNative?: unknown }).HybridgeNative;
    const error = await failure(callNative("device.info"));
    expect(error).toBeInstanceOf(HybridgeError);
    expect(error.code).toBe("NATIVE_ONLY");
  });

  it("treats a frame of the page as a browser: the shell answers the main frame only", () => {
    shell = installFakeShell();
    vi.stubGlobal("top", {});
    try {
      expect(insideApp()).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(insideApp()).toBe(true);
  });

  it("treats a shell of an older protocol as absent", () => {
    shell = installFakeShell({ version: BRIDGE_VERSION - 1 });
    expect(insideApp()).toBe(false);
  });

  it("opens the bridge once, then carries its token on every call, each with its own id", async () => {
    shell = installFakeShell();
    expect(insideApp()).toBe(true);
    const [first, second] = await Promise.all([
      callNative("device.info"),
      callNative("device.info"),
    ]);
    expect(first).toEqual(shell.info);
    expect(second).toEqual(shell.info);
    await callNative("nav.back");
    expect(shell.calls.map((call) => [call.method, call.token])).toEqual([
      ["bridge.open", null],
      ["device.info", shell.token],
      ["device.info", shell.token],
      ["nav.back", shell.token],
    ]);
    expect(new Set(shell.calls.map((call) => call.id)).size).toBe(4);
  });

  it("turns the shell's refusals into HybridgeErrors with its code and message", async () => {
    shell = installFakeShell();
    const unknown = await failure(callNative("nav.openView", "map"));
    expect(unknown).toBeInstanceOf(HybridgeError);
    expect(unknown.code).toBe("UNKNOWN_METHOD");
    expect(unknown.message).toBe("This app's shell has no native function nav.openView");
  });

  it("is refused, with the reason, when the page is not of the app's origin", async () => {
    shell = installFakeShell();
    shell.allowedOrigin = "https://localhost";
    const refused = await failure(callNative("device.info"));
    expect(refused.code).toBe("ORIGIN");
    expect(refused.message).toContain(location.origin);
    // Asked again on the next call rather than failing for ever.
    shell.allowedOrigin = location.origin;
    expect(await callNative("device.info")).toEqual(shell.info);
  });

  it("ignores answers it did not ask for (a frame's call answered to the main frame)", async () => {
    shell = installFakeShell();
    const receive = (globalThis as { __hybridgeReceive?: (reply: unknown) => void })
      .__hybridgeReceive;
    expect(receive).toBeUndefined();
    await callNative("device.info");
    const installed = (globalThis as { __hybridgeReceive?: (reply: unknown) => void })
      .__hybridgeReceive;
    expect(() => installed?.({ id: "x9", ok: false, code: "TOKEN", message: "no" })).not.toThrow();
  });
});
