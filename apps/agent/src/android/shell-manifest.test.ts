import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceTool, zipEntries } from "../../test/reference-tools";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import type { BundleFile } from "./apk-contents";
import { type AndroidApp, buildAndroidApk } from "./build-android-apk";
import { bundlePermissions } from "./bundle-permissions";
import type { UploadKeystore } from "./keystore";
import { ADAPTIVE_ICON_SIZES, edgeColor, LAUNCHER_ICON_SIZES } from "./launcher-icons";

// What every built app's manifest and resources must say for a phone, read back from the APK
// with aapt (the reference tool) rather than from our templates.

const app: AndroidApp = {
  appCode: "manifest-check",
  name: "Manifest check",
  version: 3,
  statusBarColor: "#0E904D",
  themeColor: "#0E904D",
  launchIcon: null,
};

/** The flags of android:configChanges (android.content.pm.ActivityInfo.CONFIG_*). */
const CONFIG = {
  locale: 0x4,
  keyboard: 0x10,
  keyboardHidden: 0x20,
  navigation: 0x40,
  orientation: 0x80,
  screenLayout: 0x100,
  uiMode: 0x200,
  screenSize: 0x400,
  smallestScreenSize: 0x800,
  density: 0x1000,
  layoutDirection: 0x2000,
  fontScale: 0x40000000,
} as const;

let scratch: string;
let keystore: UploadKeystore;

async function writeTree(dir: string, files: Record<string, string | Buffer>) {
  for (const [path, bytes] of Object.entries(files)) {
    await mkdir(join(dir, dirname(path)), { recursive: true });
    await writeFile(join(dir, path), bytes);
  }
}

/** Builds an APK of a bundle made of `files`, saved in the scratch folder. */
async function buildWith(name: string, files: Record<string, string>, launchIcon: Buffer | null) {
  const bundleDir = join(scratch, name);
  await writeTree(bundleDir, files);
  const log: string[] = [];
  const built = await buildAndroidApk({
    app: { ...app, launchIcon },
    bundleDir,
    keystore,
    workDir: scratch,
    onLog: (line) => log.push(line),
  });
  const path = join(scratch, `${name}.apk`);
  await writeFile(path, built.apk);
  return { path, apk: built.apk, log };
}

/** The manifest's permissions, as `aapt dump permissions` lists them. */
async function permissionsOf(apk: string) {
  const dump = await referenceTool("aapt", ["dump", "permissions", apk]);
  return [...dump.matchAll(/^uses-permission: name='([^']+)'/gm)].map((match) => match[1]);
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-manifest-test-"));
  keystore = await sharedUploadKeystore("Test shop");
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("a plain web app's APK", () => {
  let apk: { path: string; apk: Buffer; log: string[] };
  let manifest: string;
  let resources: string;

  beforeAll(async () => {
    apk = await buildWith(
      "plain",
      {
        "index.html": '<!doctype html><script src="/app.js"></script>',
        "app.js": "document.body.textContent = 'Hello';",
      },
      null,
    );
    manifest = await referenceTool("aapt", ["dump", "xmltree", apk.path, "AndroidManifest.xml"]);
    resources = await referenceTool("aapt", ["dump", "--values", "resources", apk.path]);
  });

  it("asks for the internet only", async () => {
    expect(await permissionsOf(apk.path)).toEqual(["android.permission.INTERNET"]);
    expect(manifest).not.toContain("uses-feature");
    expect(apk.log).toContain("Permissions the web bundle needs: none beyond INTERNET");
  });

  it("keeps the WebView's storage (the user's sessions) out of Auto Backup", () => {
    expect(manifest).toMatch(/A: android:allowBackup\(0x01010280\)=\(type 0x12\)0x0$/m);
  });

  it("keeps the activity, and what was typed, through a new font size, language or night mode", () => {
    const flags = Number(
      /A: android:configChanges\(0x0101001f\)=\(type 0x11\)(0x[0-9a-f]+)/.exec(manifest)?.[1],
    );
    for (const [name, bit] of Object.entries(CONFIG)) {
      expect(flags & bit, name).toBe(bit);
    }
  });

  it("opens as singleTop, so that a composer another app opened into its task survives", () => {
    // 0 standard, 1 singleTop, 2 singleTask, 3 singleInstance.
    expect(manifest).toMatch(/A: android:launchMode\(0x0101001d\)=\(type 0x10\)0x1$/m);
  });

  it("has a light theme and a night one, each with a window background: no white flash", () => {
    const id = (name: string) =>
      new RegExp(`resource (0x[0-9a-f]{8}) [\\w.]+:${name}: t=`).exec(resources)?.[1];
    const theme = (config: string) =>
      new RegExp(
        `config ${config}:\\n\\s+resource 0x[0-9a-f]{8} [\\w.]+:style/AppTheme: <bag>\\n((?:\\s+.*\\n)+?)\\s+(?:config|type|resource) `,
      ).exec(`${resources}\nresource `)?.[1] ?? "";
    const light = theme("\\(default\\)");
    const night = theme("night-v8");
    // Theme.Material.Light.NoActionBar and Theme.Material.NoActionBar (framework-res ids).
    expect(light).toContain("Parent=0x01030241");
    expect(night).toContain("Parent=0x0103022e");
    for (const bag of [light, night]) {
      // android:windowBackground → @color/window_background; android:statusBarColor keeps the
      // project's colour; android:forceDarkAllowed (API 29) false.
      expect(bag).toContain(`(Key=0x01010054): (reference) ${id("color/window_background")}`);
      expect(bag).toContain(`(Key=0x01010451): (reference) ${id("color/status_bar")}`);
      expect(bag).toMatch(/\(Key=0x0101058c\): \(\w+\) #00000000/);
    }
    expect(resources).toMatch(
      /config \(default\):[\s\S]*color\/window_background: t=0x1d d=0xffffffff/,
    );
    expect(resources).toMatch(
      /config night-v8:\n\s+resource 0x[0-9a-f]{8} [\w.]+:color\/window_background: t=0x1d d=0xff121212/,
    );
  });

  it("has an adaptive icon from Android 8 over its edge colour, and the square icons before", async () => {
    const icon = await referenceTool("aapt", [
      "dump",
      "xmltree",
      apk.path,
      "res/mipmap-anydpi-v26/ic_launcher.xml",
    ]);
    const id = (name: string) =>
      new RegExp(`resource (0x[0-9a-f]{8}) [\\w.]+:${name}: t=`).exec(resources)?.[1];
    expect(icon).toMatch(/E: adaptive-icon[\s\S]*E: background[\s\S]*E: foreground/);
    expect(icon).toContain(
      `A: android:drawable(0x01010199)=@${id("color/ic_launcher_background")}`,
    );
    expect(icon).toContain(
      `A: android:drawable(0x01010199)=@${id("mipmap/ic_launcher_foreground")}`,
    );
    // The default icon is a green rounded square: the background continues its green.
    expect(resources).toMatch(/color\/ic_launcher_background: t=0x1d d=0xff0e904d/);
    const entries = await zipEntries(apk.apk);
    for (const [density, size] of Object.entries(LAUNCHER_ICON_SIZES)) {
      const png = entries.get(`res/mipmap-${density}-v4/ic_launcher.png`);
      expect(await sharp(png).metadata(), density).toMatchObject({ width: size, height: size });
    }
    for (const [density, size] of Object.entries(ADAPTIVE_ICON_SIZES)) {
      const png = entries.get(`res/mipmap-${density}-v4/ic_launcher_foreground.png`);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      expect(info, density).toMatchObject({ width: size, height: size, channels: 4 });
      // Transparent outside the middle 72 dp, the icon inside it.
      const alpha = (x: number, y: number) => data[(y * size + x) * 4 + 3];
      const edge = Math.floor(size / 6) - 2;
      expect(alpha(edge, size / 2), density).toBe(0);
      expect(alpha(size / 2, edge), density).toBe(0);
      expect(alpha(Math.ceil(size / 6) + 2, size / 2), density).toBe(255);
    }
  });
});

describe("a web app using the camera and the location", () => {
  it("asks for CAMERA and both locations, not the microphone, with the camera optional", async () => {
    const apk = await buildWith(
      "camera",
      {
        "index.html": '<!doctype html><script type="module" src="/assets/index-1a2b.js"></script>',
        // What a minifier leaves: the web APIs' names, constraints as short object literals.
        "assets/index-1a2b.js":
          'const s=await navigator.mediaDevices.getUserMedia({video:{facingMode:"environment"}});navigator.geolocation.watchPosition(p=>{});',
      },
      await sharp({
        create: { width: 512, height: 512, channels: 3, background: "#336699" },
      })
        .png()
        .toBuffer(),
    );
    expect(await permissionsOf(apk.path)).toEqual([
      "android.permission.INTERNET",
      "android.permission.CAMERA",
      "android.permission.ACCESS_FINE_LOCATION",
      "android.permission.ACCESS_COARSE_LOCATION",
    ]);
    const manifest = await referenceTool("aapt", [
      "dump",
      "xmltree",
      apk.path,
      "AndroidManifest.xml",
    ]);
    expect(manifest).toMatch(
      /E: uses-feature[^\n]*\n\s+A: android:name\(0x01010003\)="android.hardware.camera" [^\n]*\n\s+A: android:required\(0x0101028e\)=\(type 0x12\)0x0/,
    );
    // The project's own square icon: its edge colour is the adaptive icon's background.
    const resources = await referenceTool("aapt", ["dump", "--values", "resources", apk.path]);
    expect(resources).toMatch(/color\/ic_launcher_background: t=0x1d d=0xff336699/);
  });
});

describe("the permissions a bundle needs, read from its code", () => {
  async function needs(files: Record<string, string>) {
    const dir = await mkdtemp(join(scratch, "scan-"));
    await writeTree(dir, files);
    const list: BundleFile[] = Object.keys(files).map((path) => ({
      path,
      absolutePath: join(dir, path),
    }));
    return bundlePermissions(list);
  }

  it("gives a voice recorder the microphone (and audio routing) but not the camera", async () => {
    expect(await needs({ "a.js": "navigator.mediaDevices.getUserMedia({audio:!0})" })).toEqual([
      "android.permission.RECORD_AUDIO",
      "android.permission.MODIFY_AUDIO_SETTINGS",
    ]);
  });

  it("gives a video call both, and constraints it cannot see both too", async () => {
    const both = [
      "android.permission.CAMERA",
      "android.permission.RECORD_AUDIO",
      "android.permission.MODIFY_AUDIO_SETTINGS",
    ];
    expect(await needs({ "a.mjs": 'getUserMedia({"audio": true, "video": true})' })).toEqual(both);
    expect(
      await needs({ "index.html": "<script>navigator.getUserMedia(c, ok, ko)</script>" }),
    ).toEqual(both);
  });

  it("reads only code: a word in a text file or an image asks for nothing", async () => {
    expect(
      await needs({
        "index.html": "<input type=file accept=image/* capture=environment>",
        "notes.txt": "getUserMedia geolocation",
        "data.json": '{"geolocation": true}',
      }),
    ).toEqual([]);
  });
});

describe("the icon's edge colour", () => {
  it("is white behind a logo drawn on nothing", async () => {
    const logo = await sharp({
      create: { width: 512, height: 512, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: await sharp({
            create: { width: 256, height: 256, channels: 3, background: "#000" },
          })
            .png()
            .toBuffer(),
          left: 128,
          top: 128,
        },
      ])
      .png()
      .toBuffer();
    expect(await edgeColor(logo)).toBe("#FFFFFF");
  });
});
