import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceTool } from "../../test/reference-tools";
import { prepareShellOnJvm, type ShellJvm } from "../../test/shell-on-jvm";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildAndroidApk } from "./build-android-apk";

// The shell's native side of the bridge (docs/bridge.md), its chrome client and its lifecycle,
// run on the JDK from the APK's own classes.dex (android-on-jvm/README.md, BridgeOnJvm.java).

type Reply =
  | { id: string; ok: true; value: unknown }
  | { id: string; ok: false; code: string; message: string };
type CallOutcome = {
  replies: Reply[];
  answeredOffUiThread: boolean;
  loadedUrl: string | null;
  finished: boolean;
  storageDeleted: boolean;
  cacheCleared: boolean;
  cookie: string | null;
};

let scratch: string;
let apkPath: string;
let jvm: ShellJvm;

/** Runs the steps (BridgeOnJvm.java) on a fresh activity; the first line is the activity's. */
async function play(steps: string[]) {
  const run = await jvm.run(steps, { mainClass: "dev.hybridge.shell.BridgeOnJvm" });
  return { activity: run.activity as unknown as Record<string, unknown>, steps: run.answers };
}
const outcome = (steps: unknown[], index: number) => steps[index] as CallOutcome;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-bridge-test-"));
  const bundleDir = join(scratch, "bundle");
  await mkdir(bundleDir);
  await writeFile(join(bundleDir, "index.html"), "<!doctype html><title>Shop</title>");
  const apk = await buildAndroidApk({
    app: {
      appCode: "bridge-shop",
      name: "Shop",
      version: 3,
      statusBarColor: "#0e904d",
      themeColor: "#0e904d",
      launchIcon: null,
    },
    bundleDir,
    keystore: await sharedUploadKeystore("Test shop"),
    workDir: scratch,
  });
  apkPath = join(scratch, "shop.apk");
  await writeFile(apkPath, apk.apk);
  jvm = await prepareShellOnJvm(apkPath);
});

afterAll(async () => {
  await jvm?.dispose();
  await rm(scratch, { recursive: true, force: true });
});

describe("the shell's bridge, HybridgeNative", () => {
  it("is added to the WebView as HybridgeNative, with the chrome client and the download listener", async () => {
    const { activity, steps } = await play(["version"]);
    expect(activity).toMatchObject({
      loadedUrl: "https://localhost/",
      interfaces: { HybridgeNative: "dev.hybridge.shell.ShellBridge" },
      chromeClient: "dev.hybridge.shell.ShellChromeClient",
      downloadListener: "dev.hybridge.shell.ShellDownloadListener",
    });
    expect(steps[0]).toEqual({ version: 1 });
  });

  it("answers the app's origin: a token, then device.info from the package, asynchronously", async () => {
    const { steps } = await play([
      "package com.example.shop 3.1 31",
      "page https://localhost/cart",
      "call none c1 bridge.open",
      "call token c2 device.info",
    ]);
    const open = outcome(steps, 2);
    expect(open.replies).toEqual([
      {
        id: "c1",
        ok: true,
        value: { token: expect.stringMatching(/^[0-9a-f]{2,32}$/), version: 1 },
      },
    ]);
    // Answered from the UI thread's queue, never on the WebView's bridge thread.
    expect(open.answeredOffUiThread).toBe(false);
    expect(outcome(steps, 3).replies).toEqual([
      {
        id: "c2",
        ok: true,
        value: {
          platform: "android",
          appVersion: "3.1",
          appBuild: 31,
          shellVersion: "1.1",
          bridgeVersion: 1,
          androidSdk: 29,
        },
      },
    ]);
  });

  it("refuses another origin on every call, even with the token, and says why", async () => {
    const { steps } = await play([
      "page https://localhost/",
      "call none c1 bridge.open",
      "page https://evil.example.com/",
      "call none c2 bridge.open",
      "call token c3 nav.back",
      "page https://localhost:8443/",
      "call token c4 device.info",
      "page https://user@localhost/",
      "call token c5 device.info",
    ]);
    for (const [index, id, origin] of [
      [3, "c2", "https://evil.example.com"],
      [4, "c3", "https://evil.example.com"],
      [6, "c4", "https://localhost:8443"],
      [8, "c5", "https://user@localhost"],
    ] as const) {
      expect(outcome(steps, index).replies).toEqual([
        {
          id,
          ok: false,
          code: "ORIGIN",
          message: `Only pages of https://localhost may call the app's native functions, not ${origin}`,
        },
      ]);
    }
    expect(outcome(steps, 4).finished).toBe(false);
  });

  it("refuses a call without the token bridge.open gave the main frame (a frame inside the page)", async () => {
    const { steps } = await play([
      "call none c1 bridge.open",
      "call none c2 nav.back",
      "call 0123456789abcdef c3 auth.logout",
    ]);
    for (const [index, id] of [
      [1, "c2"],
      [2, "c3"],
    ] as const) {
      expect(outcome(steps, index).replies).toEqual([
        { id, ok: false, code: "TOKEN", message: expect.stringContaining("token") },
      ]);
    }
    expect(outcome(steps, 1).finished).toBe(false);
    expect(outcome(steps, 2).storageDeleted).toBe(false);
  });

  it("follows the dev app's origin once it is set, and refuses the bundle's then", async () => {
    const { steps } = await play([
      "origin http://192.168.1.20:5173",
      "call none c1 bridge.open",
      "page http://192.168.1.20:5173/",
      "call none c2 bridge.open",
    ]);
    expect(outcome(steps, 1).replies[0]).toMatchObject({ ok: false, code: "ORIGIN" });
    expect(outcome(steps, 3).replies[0]).toMatchObject({ ok: true, value: { version: 1 } });
  });

  it("nav.back is the system back; nav.openPage loads pages of the app only", async () => {
    const { steps } = await play([
      "call none c1 bridge.open",
      "call token c2 nav.openPage https://localhost/product?id=7",
      "call token c3 nav.openPage https://shop.example.com/",
      "call token c4 nav.back",
      "call token c5 nav.openView",
    ]);
    expect(outcome(steps, 1)).toMatchObject({
      replies: [{ id: "c2", ok: true, value: null }],
      loadedUrl: "https://localhost/product?id=7",
    });
    expect(outcome(steps, 2)).toMatchObject({
      replies: [{ id: "c3", ok: false, code: "BAD_ARGUMENT" }],
      loadedUrl: null,
    });
    // Nothing to go back to in the WebView: the activity leaves, as the gesture would.
    expect(outcome(steps, 3)).toMatchObject({
      replies: [{ id: "c4", ok: true, value: null }],
      finished: true,
    });
    expect(outcome(steps, 4).replies).toEqual([
      {
        id: "c5",
        ok: false,
        code: "UNKNOWN_METHOD",
        message: "This app's shell has no native function nav.openView",
      },
    ]);
  });

  it("auth.logout clears the WebView's storage, cache and cookies before it answers", async () => {
    const { steps } = await play(["call none c1 bridge.open", "call token c2 auth.logout"]);
    expect(outcome(steps, 1)).toMatchObject({
      replies: [{ id: "c2", ok: true, value: null }],
      storageDeleted: true,
      cacheCleared: true,
      cookie: null,
    });
  });
});

describe("the shell's file chooser (<input type=file>, device.openGallery)", () => {
  it("opens the picker for images, several when the input says multiple, and returns the chosen files", async () => {
    const { steps } = await play([
      "chooser 1 image/*",
      "picked ok content://media/external/images/1 content://media/external/images/2",
      "chooser 0 image/*",
      "picked ok content://media/external/images/3",
    ]);
    expect(steps[0]).toEqual({
      handled: true,
      started: {
        action: "android.intent.action.GET_CONTENT",
        type: "image/*",
        categories: ["android.intent.category.OPENABLE"],
        allowMultiple: true,
        requestCode: 0x4801,
      },
      answered: [],
    });
    expect(steps[1]).toEqual({
      answered: [["content://media/external/images/1", "content://media/external/images/2"]],
    });
    expect(steps[2]).toMatchObject({ started: { allowMultiple: false }, answered: [] });
    expect(steps[3]).toEqual({ answered: [["content://media/external/images/3"]] });
  });

  it("answers null when the user cancels, when no app picks files, and to a chooser left open", async () => {
    const { steps } = await play([
      "chooser 0 image/*",
      "picked cancel",
      "chooser 0 image/*",
      "chooser 0 image/*",
      "pickers none",
      "chooser 0 image/*",
    ]);
    expect(steps[1]).toEqual({ answered: [null] });
    expect(steps[3]).toMatchObject({ answered: [null] });
    expect(steps[5]).toMatchObject({ handled: true, answered: [null, null] });
  });
});

describe("the shell's permissions for the page (camera, microphone, location)", () => {
  const CAMERA = "android.permission.CAMERA";
  const MIC = "android.permission.RECORD_AUDIO";
  const FINE = "android.permission.ACCESS_FINE_LOCATION";
  const VIDEO = "android.webkit.resource.VIDEO_CAPTURE";
  const AUDIO = "android.webkit.resource.AUDIO_CAPTURE";

  it("asks at runtime for what the manifest declares, then grants what the user allowed", async () => {
    const { steps } = await play([
      `declare ${CAMERA},${MIC}`,
      `media ${VIDEO},${AUDIO}`,
      `answer ${CAMERA}=yes,${MIC}=no`,
      `media ${VIDEO}`,
    ]);
    expect(steps[1]).toEqual({
      asked: { permissions: [CAMERA, MIC], requestCode: 0x4802 },
      media: "waiting",
    });
    expect(steps[2]).toMatchObject({ media: { granted: [VIDEO] } });
    // Held now: granted at once, without asking again.
    expect(steps[3]).toEqual({ asked: null, media: { granted: [VIDEO] } });
  });

  it("denies what the manifest does not declare, what the user refuses, and what has no permission", async () => {
    const { steps } = await play([
      `media ${VIDEO}`,
      `declare ${MIC}`,
      `media ${AUDIO}`,
      `answer ${MIC}=no`,
      "media android.webkit.resource.PROTECTED_MEDIA_ID",
    ]);
    expect(steps[0]).toEqual({ asked: null, media: "denied" });
    expect(steps[3]).toMatchObject({ media: "denied" });
    expect(steps[4]).toEqual({ asked: null, media: "denied" });
  });

  it("answers geolocation after Android's dialog, and at once when held or not declared", async () => {
    const { steps } = await play([
      "geo https://localhost/",
      `declare ${FINE},android.permission.ACCESS_COARSE_LOCATION`,
      "geo https://localhost/",
      `answer ${FINE}=yes`,
      "geo https://localhost/",
    ]);
    expect(steps[0]).toEqual({
      asked: null,
      location: { origin: "https://localhost/", allow: false, retain: false },
    });
    expect(steps[2]).toEqual({
      asked: {
        permissions: [FINE, "android.permission.ACCESS_COARSE_LOCATION"],
        requestCode: 0x4803,
      },
      location: "waiting",
    });
    expect(steps[3]).toMatchObject({
      location: { origin: "https://localhost/", allow: true, retain: false },
    });
    expect(steps[4]).toMatchObject({ asked: null, location: { allow: true } });
  });
});

describe("the shell's lifecycle", () => {
  it("pauses the page's JavaScript timers in the background and resumes them", async () => {
    const { steps } = await play(["pause", "resume"]);
    expect(steps).toEqual([
      { paused: true, timersPaused: true },
      { paused: false, timersPaused: false },
    ]);
  });

  it("replaces a WebView whose renderer died with one set up alike, at the start page", async () => {
    const { steps } = await play([
      "origin http://10.0.0.5:5173",
      "page https://localhost/deep/page",
      "gone",
      "page http://10.0.0.5:5173/",
      "call none c1 bridge.open",
    ]);
    expect(steps[2]).toEqual({
      replaced: true,
      oldDestroyed: true,
      loadedUrl: "https://localhost/",
      // The origin a subclass set survives the crash.
      allowedOrigin: "http://10.0.0.5:5173",
      interfaces: { HybridgeNative: "dev.hybridge.shell.ShellBridge" },
      chromeClient: "dev.hybridge.shell.ShellChromeClient",
      webViewClient: "dev.hybridge.shell.ShellWebViewClient",
      downloadListener: "dev.hybridge.shell.ShellDownloadListener",
    });
    expect(outcome(steps, 4).replies[0]).toMatchObject({ ok: true });
  });
});

describe("the shell's bytecode", () => {
  it("lets the page call version and call only: the bridge's one @JavascriptInterface pair", async () => {
    // The JVM cannot see this (enjarify drops annotations): read it from the dex.
    const out = join(scratch, "smali");
    await referenceTool("baksmali", ["disassemble", "-o", out, apkPath]);
    const bridge = await readFile(join(out, "dev/hybridge/shell/ShellBridge.smali"), "utf8");
    const methods = bridge.split(".end method").map((body) => ({
      name: /\.method ([\w ]+ )?([\w<>]+)\(/.exec(body)?.[2],
      isPublic: /\.method public /.test(body),
      exposed: body.includes(".annotation runtime Landroid/webkit/JavascriptInterface;"),
    }));
    const names = (list: typeof methods) => list.map((m) => m.name).sort();
    expect(names(methods.filter((m) => m.exposed))).toEqual(["call", "version"]);
    expect(names(methods.filter((m) => m.isPublic))).toEqual([
      "<init>",
      "call",
      "getAllowedOrigin",
      "setAllowedOrigin",
      "version",
    ]);
  });
});
