import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apksignerVerify, referenceTool, zipEntries } from "../../test/reference-tools";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import type { AndroidApk } from "./build-android-apk";
import { appLinkOf, buildDevAppApk, DEV_APP_PACKAGE } from "./build-dev-app-apk";
import { AndroidBuildError } from "./errors";
import type { UploadKeystore } from "./keystore";

let scratch: string;
let keystore: UploadKeystore;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-dev-app-test-"));
  keystore = await sharedUploadKeystore("Hybridge Dev");
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

/** `aapt dump xmltree` of the manifest, one line per node or attribute, trimmed. */
async function manifestOf(apkPath: string): Promise<string[]> {
  const tree = await referenceTool("aapt", ["dump", "xmltree", apkPath, "AndroidManifest.xml"]);
  return tree.split("\n").map((line) => line.trim());
}

/** The attributes of each intent filter of the manifest, as `name=value` strings. */
function intentFilters(lines: string[]): string[][] {
  const filters: string[][] = [];
  for (const line of lines) {
    if (line.startsWith("E: intent-filter")) filters.push([]);
    const attribute =
      /^A: (?:android:)?(\w+)\([^)]*\)=(?:\(type 0x12\)(0x0|0xffffffff)|"([^"]*)")/.exec(line);
    if (attribute && filters.length > 0) {
      const value = attribute[3] ?? (attribute[2] === "0x0" ? "false" : "true");
      filters[filters.length - 1]?.push(`${attribute[1]}=${value}`);
    }
  }
  return filters;
}

describe("Hybridge Dev built for an https server", () => {
  let apk: AndroidApk;
  let apkPath: string;
  let manifest: string[];

  beforeAll(async () => {
    apk = await buildDevAppApk({
      publicUrl: "https://hybridge.example.com",
      keystore,
      versionCode: 7,
      versionName: "0.7.0",
      workDir: scratch,
    });
    apkPath = join(scratch, "dev.apk");
    await writeFile(apkPath, apk.apk);
    manifest = await manifestOf(apkPath);
  });

  it("is signed with the dev app's key (v2 and v3), the certificate the build reports", async () => {
    const verified = await apksignerVerify(apkPath);
    expect(verified).toMatchObject({ v2: true, v3: true, signers: 1 });
    expect(verified.certificateSha256).toBe(apk.certificateSha256);
    expect(verified.certificateDn).toBe("CN=Hybridge Dev");
  });

  it("is dev.hybridge.devapp, named Hybridge Dev, launching DevActivity", async () => {
    expect(apk).toMatchObject({
      packageName: DEV_APP_PACKAGE,
      versionCode: 7,
      versionName: "0.7.0",
    });
    const badging = await referenceTool("aapt", ["dump", "badging", apkPath]);
    expect(badging).toContain(
      "package: name='dev.hybridge.devapp' versionCode='7' versionName='0.7.0'",
    );
    expect(badging).toContain("application-label:'Hybridge Dev'");
    expect(badging).toContain("launchable-activity: name='dev.hybridge.shell.DevActivity'");
    expect(badging).toContain("sdkVersion:'24'");
    expect(badging).toContain("targetSdkVersion:'29'");
  });

  it("opens {PUBLIC_URL}/dev/… as a verified App Link, and hybridge-dev://open", () => {
    const filters = intentFilters(manifest);
    expect(filters).toContainEqual([
      "autoVerify=true",
      "name=android.intent.action.VIEW",
      "name=android.intent.category.DEFAULT",
      "name=android.intent.category.BROWSABLE",
      "scheme=https",
      "host=hybridge.example.com",
      "pathPrefix=/dev/",
    ]);
    expect(filters).toContainEqual([
      "name=android.intent.action.VIEW",
      "name=android.intent.category.DEFAULT",
      "name=android.intent.category.BROWSABLE",
      "scheme=hybridge-dev",
      "host=open",
    ]);
    expect(filters).toContainEqual([
      "name=android.intent.action.MAIN",
      "name=android.intent.category.LAUNCHER",
    ]);
    expect(filters).toHaveLength(3);
  });

  it("permits cleartext through its network security config, keeps no backup", async () => {
    expect(manifest.some((l) => l.startsWith("A: android:networkSecurityConfig("))).toBe(true);
    expect(manifest).toContain("A: android:allowBackup(0x01010280)=(type 0x12)0x0");
    const config = await referenceTool("aapt", [
      "dump",
      "xmltree",
      apkPath,
      "res/xml/network_security_config.xml",
    ]);
    expect(config).toMatch(
      /E: base-config[\s\S]*A: cleartextTrafficPermitted=\(type 0x12\)0xffffffff/,
    );
    expect(config).toContain('A: src="system"');
    expect(config).toContain('A: src="user"');
    // Nothing narrows cleartext by domain: the app refuses public addresses itself.
    expect(config).not.toContain("domain-config");
  });

  it("asks for what any previewed app may use: network, camera, microphone, location", () => {
    const permissions = manifest
      .filter((_, i) => manifest[i - 1]?.startsWith("E: uses-permission"))
      .map((line) => /="([^"]+)"/.exec(line)?.[1]);
    expect(permissions.sort()).toEqual([
      "android.permission.ACCESS_COARSE_LOCATION",
      "android.permission.ACCESS_FINE_LOCATION",
      "android.permission.CAMERA",
      "android.permission.INTERNET",
      "android.permission.MODIFY_AUDIO_SETTINGS",
      "android.permission.RECORD_AUDIO",
    ]);
  });

  it("has its own launcher icon, dark, not the built apps' default green one", async () => {
    const entries = await zipEntries(apk.apk);
    const icon = entries.get("res/mipmap-xxxhdpi-v4/ic_launcher.png");
    if (!icon) throw new Error("no launcher icon");
    // A pixel of the background, between the bracket and the H's top.
    const { data } = await sharp(icon)
      .extract({ left: 96, top: 24, width: 1, height: 1 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([0x11, 0x18, 0x15]);
  });

  it("holds the shell's classes (one classes.dex) and its own pages", async () => {
    const classes = (await referenceTool("baksmali", ["list", "classes", apkPath])).split("\n");
    expect(classes).toEqual(
      expect.arrayContaining([
        "Ldev/hybridge/shell/MainActivity;",
        "Ldev/hybridge/shell/DevActivity;",
      ]),
    );
    const entries = await zipEntries(apk.apk);
    for (const page of [
      "index.html",
      "unreachable.html",
      "refused.html",
      "preview.html",
      "preview-failed.html",
      "dev-app.js",
    ]) {
      expect(entries.has(`assets/www/${page}`), page).toBe(true);
    }
    expect(entries.get("assets/www/index.html")?.toString()).toContain("Recent projects");
  });
});

describe("Hybridge Dev built for a server on the LAN (http, a port)", () => {
  it("matches its links without autoVerify, which Android would try over https only", async () => {
    const apk = await buildDevAppApk({
      publicUrl: "http://192.168.1.2:3000",
      keystore,
      versionCode: 8,
      versionName: "0.8.0",
      workDir: scratch,
    });
    const apkPath = join(scratch, "dev-http.apk");
    await writeFile(apkPath, apk.apk);
    const filters = intentFilters(await manifestOf(apkPath));
    expect(filters).toContainEqual([
      "autoVerify=false",
      "name=android.intent.action.VIEW",
      "name=android.intent.category.DEFAULT",
      "name=android.intent.category.BROWSABLE",
      "scheme=http",
      "host=192.168.1.2",
      "port=3000",
      "pathPrefix=/dev/",
    ]);
  });
});

describe("the App Link of a server's address", () => {
  it("has no autoVerify over http (Android verifies over https only), and keeps the port", () => {
    expect(appLinkOf("http://192.168.1.20:3000")).toEqual({
      autoVerify: false,
      data: '<data android:scheme="http" android:host="192.168.1.20" android:port="3000" android:pathPrefix="/dev/" />',
    });
    expect(appLinkOf("https://example.com/hybridge/").data).toBe(
      '<data android:scheme="https" android:host="example.com" android:pathPrefix="/hybridge/dev/" />',
    );
  });

  it("refuses what is not an http(s) address", () => {
    for (const url of [
      "ftp://example.com",
      "not a url",
      "https://a:b@example.com",
      "https://x.y/?q=1",
    ]) {
      expect(() => appLinkOf(url), url).toThrow(AndroidBuildError);
    }
  });
});
