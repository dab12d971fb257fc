import { afterEach, describe, expect, it, vi } from "vitest";
import { type FakeShell, installFakeShell } from "./fake-shell";
import { reportReady, updates } from "./updates";

let shell: FakeShell | null = null;

afterEach(() => {
  shell?.remove();
  shell = null;
  vi.restoreAllMocks();
});

describe("updates in a browser", () => {
  it("says the built-in bundle runs, and reload() reloads the page", async () => {
    expect(await updates.current()).toEqual({
      id: null,
      channel: null,
      runtimeVersion: null,
      pending: null,
    });
    const reload = vi.fn();
    vi.spyOn(window, "location", "get").mockReturnValue({ ...location, reload } as Location);
    await updates.reload();
    expect(reload).toHaveBeenCalledOnce();
  });

  it("reports nothing", async () => {
    await reportReady();
    expect(shell).toBeNull();
  });
});

describe("updates inside the app", () => {
  it("answers the shell's current update and pending one", async () => {
    shell = installFakeShell();
    shell.update = { id: "u-2", channel: "beta", runtimeVersion: "android-1", pending: "u-3" };
    expect(await updates.current()).toEqual({
      id: "u-2",
      channel: "beta",
      runtimeVersion: "android-1",
      pending: "u-3",
    });
  });

  it("asks the shell to apply the pending update now", async () => {
    shell = installFakeShell();
    await updates.reload();
    expect(shell.effects).toEqual(["reload"]);
  });

  it("reports ready with the id of the update the shell served", async () => {
    shell = installFakeShell();
    shell.update = { id: "u-7", channel: "production", runtimeVersion: "android-1", pending: null };
    await reportReady();
    expect(shell.effects).toEqual(["ready u-7"]);
    expect(shell.calls.at(-1)).toMatchObject({ method: "updates.ready", arg: "u-7" });
  });

  it("reports nothing on the built-in bundle, nor to a shell without updates", async () => {
    shell = installFakeShell();
    await reportReady();
    expect(shell.effects).toEqual([]);
    shell.remove();
    shell = installFakeShell();
    shell.allowedOrigin = "https://elsewhere.example";
    await expect(reportReady()).resolves.toBeUndefined();
    expect(shell.effects).toEqual([]);
  });

  it("reports ready by itself once the page has loaded, when the SDK is loaded", async () => {
    shell = installFakeShell();
    shell.update = { id: "u-9", channel: "production", runtimeVersion: "android-1", pending: null };
    vi.resetModules();
    await import("./updates");
    await vi.waitFor(() => expect(shell?.effects).toEqual(["ready u-9"]));
  });
});
