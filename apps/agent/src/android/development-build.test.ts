import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HYBRIDGE_JSON_ASSET } from "@hybridge/shared/updates/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceTool, zipEntries } from "../../test/reference-tools";
import { runShellOnJvm, type ShellRun } from "../../test/shell-on-jvm";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildAndroidApk } from "./build-android-apk";

// Decision 058: a deployment whose PUBLIC_URL is http:// makes development builds, which may talk
// to exactly that server over cleartext; an https deployment's builds to no http:// server at all.
// Read back from the APK with aapt, and run on the JVM from the APK's own classes.dex.

const DEV_SERVER = "http://192.168.1.20:3300";
const REQUESTS = [
  "sub http://192.168.1.20:3300/api/v1/data/items",
  "main http://192.168.1.20:3300/",
  "sub HTTP://192.168.1.20:3300/api/v1/ping",
  "sub http://192.168.1.20:8080/other-port",
  "sub http://192.168.1.21:3300/api/v1/data/items",
  "sub http://example.org/tracker.js",
  "sub https://example.org/lib.js",
  "sub https://localhost/",
] as const;

let scratch: string;
const apks: Record<"development" | "https", string> = { development: "", https: "" };

async function build(name: keyof typeof apks, server: string) {
  const built = await buildAndroidApk({
    app: {
      appCode: `dev-build-${name}`,
      name: "Development build",
      version: 1,
      statusBarColor: "#0e904d",
      themeColor: "#0e904d",
      launchIcon: null,
    },
    bundleDir: join(scratch, "bundle"),
    keystore: await sharedUploadKeystore("Test shop"),
    workDir: scratch,
    updates: { server, channel: "production", publicKey: null },
  });
  apks[name] = join(scratch, `${name}.apk`);
  await writeFile(apks[name], built.apk);
}

async function xmltree(apk: string, file: string) {
  return referenceTool("aapt", ["dump", "xmltree", apk, file]);
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-development-build-test-"));
  await mkdir(join(scratch, "bundle"));
  await writeFile(join(scratch, "bundle", "index.html"), "<!doctype html><title>Shop</title>");
  await build("development", DEV_SERVER);
  await build("https", "https://hybridge.example.com");
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("the network security config (aapt dump xmltree)", () => {
  it("names the config in every built app's manifest", async () => {
    for (const apk of Object.values(apks)) {
      expect(await xmltree(apk, "AndroidManifest.xml")).toMatch(
        /A: android:networkSecurityConfig\(0x[0-9a-f]+\)=@0x[0-9a-f]+/,
      );
    }
  });

  it("permits cleartext to the development server's host only; the base config forbids it", async () => {
    const config = await xmltree(apks.development, "res/xml/network_security_config.xml");
    expect(config).toMatch(
      /E: base-config[^\n]*\n\s+A: cleartextTrafficPermitted=\(type 0x12\)0x0 /,
    );
    expect(config).toMatch(
      /E: domain-config[^\n]*\n\s+A: cleartextTrafficPermitted=\(type 0x12\)0xffffffff /,
    );
    expect(config).toMatch(/E: domain[^\n]*\n\s+A: includeSubdomains=\(type 0x12\)0x0 /);
    expect(config).toContain('C: "192.168.1.20"');
    expect(config.match(/E: domain /g)).toHaveLength(1);
  });

  it("permits no cleartext at all in an https deployment's build", async () => {
    const config = await xmltree(apks.https, "res/xml/network_security_config.xml");
    expect(config).toMatch(/A: cleartextTrafficPermitted=\(type 0x12\)0x0/);
    expect(config).not.toContain("domain-config");
    expect(config).not.toContain("0xffffffff");
  });

  it("marks the build in assets/hybridge.json", async () => {
    const { readFile } = await import("node:fs/promises");
    const json = async (apk: string) =>
      JSON.parse(
        (await zipEntries(await readFile(apk))).get(HYBRIDGE_JSON_ASSET)?.toString() ?? "",
      );
    expect(await json(apks.development)).toMatchObject({ server: DEV_SERVER, development: true });
    expect(await json(apks.https)).toMatchObject({ development: false });
  });
});

describe("the shell's http:// filter and mixed content (JVM)", () => {
  const runs: Partial<Record<keyof typeof apks, ShellRun>> = {};
  const answer = (name: keyof typeof apks, request: (typeof REQUESTS)[number]) =>
    runs[name]?.answers[REQUESTS.indexOf(request)];
  const refused = { intercepted: true, status: 403, body: null };

  beforeAll(async () => {
    runs.development = await runShellOnJvm(apks.development, [...REQUESTS]);
    runs.https = await runShellOnJvm(apks.https, [...REQUESTS]);
  });

  it("lets a development build's page call its server over http, mixed content allowed", () => {
    expect(runs.development?.activity.settings).toMatchObject({ mixedContentAlwaysAllow: true });
    for (const request of [
      "sub http://192.168.1.20:3300/api/v1/data/items",
      "main http://192.168.1.20:3300/",
      "sub HTTP://192.168.1.20:3300/api/v1/ping",
      "sub https://example.org/lib.js",
    ] as const) {
      expect(answer("development", request), request).toEqual({
        url: request.split(" ")[1],
        intercepted: false,
      });
    }
  });

  it("refuses every other http:// request of a development build: another port, host or site", () => {
    for (const request of [
      "sub http://192.168.1.20:8080/other-port",
      "sub http://192.168.1.21:3300/api/v1/data/items",
      "sub http://example.org/tracker.js",
    ] as const) {
      expect(answer("development", request), request).toMatchObject(refused);
    }
    expect(answer("development", "sub https://localhost/")).toMatchObject({ status: 200 });
  });

  it("refuses every http:// request of an https deployment's build, mixed content never allowed", () => {
    expect(runs.https?.activity.settings).toMatchObject({ mixedContentAlwaysAllow: false });
    for (const request of [
      "sub http://192.168.1.20:3300/api/v1/data/items",
      "main http://192.168.1.20:3300/",
      "sub http://example.org/tracker.js",
    ] as const) {
      expect(answer("https", request), request).toMatchObject(refused);
    }
    expect(answer("https", "sub https://example.org/lib.js")).toMatchObject({
      intercepted: false,
    });
  });
});
