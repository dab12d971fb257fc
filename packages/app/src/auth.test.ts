import { afterEach, describe, expect, it, vi } from "vitest";
import { auth } from "./auth";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  delete (globalThis as { HybridgeNative?: unknown }).HybridgeNative;
});

describe("auth.logout", () => {
  it("forgets the stored session, and nothing else of the page's", async () => {
    localStorage.setItem("hybridge.session", "s1");
    sessionStorage.setItem("hybridge.user", "u1");
    localStorage.setItem("theme", "dark");
    await auth.logout();
    expect(localStorage.getItem("hybridge.session")).toBeNull();
    expect(sessionStorage.getItem("hybridge.user")).toBeNull();
    expect(localStorage.getItem("theme")).toBe("dark");
  });

  it("asks the native shell to forget its own, inside the app", async () => {
    const logout = vi.fn();
    (globalThis as { HybridgeNative?: unknown }).HybridgeNative = { logout };
    await auth.logout();
    expect(logout).toHaveBeenCalledOnce();
  });
});
