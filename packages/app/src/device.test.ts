import { describe, expect, it } from "vitest";
import { device } from "./device";
import { installFakeShell } from "./fake-shell";

/** The picker the SDK adds, once it is in the page. */
const picker = () => document.querySelector<HTMLInputElement>("input[type=file]");

describe("device.openGallery", () => {
  it("returns the picked photos, and removes its picker", async () => {
    const picking = device.openGallery({ multiple: true });
    const input = picker();
    expect(input?.accept).toBe("image/*");
    expect(input?.multiple).toBe(true);
    const photo = new File([new Uint8Array([1, 2, 3])], "photo.png", { type: "image/png" });
    Object.defineProperty(input, "files", { value: [photo] });
    input?.dispatchEvent(new Event("change"));
    expect(await picking).toEqual([photo]);
    expect(picker()).toBeNull();
  });

  it("returns an empty array when the user cancels", async () => {
    const picking = device.openGallery();
    expect(picker()?.multiple).toBe(false);
    picker()?.dispatchEvent(new Event("cancel"));
    expect(await picking).toEqual([]);
    expect(picker()).toBeNull();
  });
});

describe("device.info", () => {
  it("says a browser is the web, without versions", async () => {
    expect(await device.info()).toEqual({
      platform: "web",
      appVersion: null,
      appBuild: null,
      shellVersion: null,
      bridgeVersion: null,
      androidSdk: null,
    });
  });

  it("answers the app's and the shell's versions inside the app", async () => {
    const shell = installFakeShell();
    try {
      expect(await device.info()).toEqual({
        platform: "android",
        appVersion: "1.2",
        appBuild: 12,
        shellVersion: "1.0",
        bridgeVersion: 1,
        androidSdk: 34,
      });
    } finally {
      shell.remove();
    }
  });
});

describe("device.openGallery inside the app", () => {
  it("uses the page's file input, which the shell's file chooser answers, not a bridge call", async () => {
    const shell = installFakeShell();
    try {
      const picking = device.openGallery({ multiple: true });
      const input = picker();
      expect(input?.multiple).toBe(true);
      input?.dispatchEvent(new Event("cancel"));
      expect(await picking).toEqual([]);
      expect(shell.calls).toEqual([]);
    } finally {
      shell.remove();
    }
  });
});
