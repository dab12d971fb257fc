import { writeFile } from "node:fs/promises";
import path from "node:path";
import {
  type AndroidApk,
  buildDevAppApk,
  createUploadKeystore,
  detectAndroidToolchain,
} from "@hybridge/agent/android";
import { DevAppStatusSchema } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apksignerVerify, referenceTool } from "../../../../agent/test/reference-tools";
import { createTestApp, type TestApp } from "../../../test/test-app";
import { devAppBuilds, devAppKeys, storedFiles } from "../../platform/db/schema";
import { createEncryption } from "../../platform/encryption";
import { type DevAppTools, ensureDevApp } from "./build-dev-app";

const log = pino({ level: "silent" });
let app: TestApp;
beforeAll(async () => {
  // The Android tools are looked for on the configured PATH (the test apps have none by default).
  app = await createTestApp({ env: { PATH: process.env.PATH ?? "" } });
});
afterAll(async () => {
  await app?.cleanup();
});

const ensure = (tools: DevAppTools, target: TestApp = app) =>
  ensureDevApp({
    db: target.deps.db,
    storage: target.deps.storage,
    encryption: createEncryption(target.deps.config.secret, "signingKey"),
    publicUrl: target.deps.config.publicUrl,
    tools,
    log,
  });

const get = (url: string, target: TestApp = app) => target.inject({ method: "GET", url });

describe("the dev app on the server, built with the real Android tools", () => {
  it("is built once, served at its stable address, and assetlinks.json names its certificate", async () => {
    const toolchain = await detectAndroidToolchain();
    expect(toolchain.missing).toEqual([]);
    const before = DevAppStatusSchema.parse((await get("/api/dev-app")).json());
    expect(before).toEqual({
      available: false,
      state: "building",
      reason: DevLinkTexts.reasonBuilding,
    });
    expect((await get("/downloads/hybridge-dev.apk")).statusCode).toBe(404);
    expect((await get("/.well-known/assetlinks.json")).json()).toEqual([]);

    const tools: DevAppTools = {
      toolchain,
      build: buildDevAppApk,
      createKeystore: createUploadKeystore,
    };
    expect(await ensure(tools)).toBe("built");
    // Already there: nothing is built again.
    expect(await ensure(tools)).toBe("ready");

    const status = DevAppStatusSchema.parse((await get("/api/dev-app")).json());
    if (!status.available) throw new Error("the dev app is not available");
    expect(status.url).toBe("/downloads/hybridge-dev.apk");

    const download = await get("/downloads/hybridge-dev.apk");
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/vnd.android.package-archive");
    expect(download.headers["content-disposition"]).toBe('attachment; filename="hybridge-dev.apk"');
    const apk = download.rawPayload;
    expect(apk.length).toBe(status.size);
    const file = path.join(app.dataDir, "downloaded-dev-app.apk");
    await writeFile(file, apk);
    const verified = await apksignerVerify(file);
    expect(verified.v2).toBe(true);
    const badging = await referenceTool("aapt", ["dump", "badging", file]);
    expect(badging).toContain("package: name='dev.hybridge.devapp'");
    expect(badging).toContain(`versionName='${status.version}'`);

    const links = await get("/.well-known/assetlinks.json");
    expect(links.headers["content-type"]).toMatch(/^application\/json/);
    const fingerprint = verified.certificateSha256?.toUpperCase().match(/../g)?.join(":");
    expect(links.json()).toEqual([
      {
        relation: ["delegate_permission/common.handle_all_urls"],
        target: {
          namespace: "android_app",
          package_name: "dev.hybridge.devapp",
          sha256_cert_fingerprints: [fingerprint],
        },
      },
    ]);

    // The key is kept sealed, and the APK's file is recorded (the sweep keeps it).
    const [key] = await app.deps.db.select().from(devAppKeys);
    expect(key?.keystoreSealed).toMatch(/^v1\./);
    const [row] = await app.deps.db.select().from(devAppBuilds);
    const [recorded] = await app.deps.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, row?.fileKey ?? ""));
    expect(recorded?.size).toBe(apk.length);
  }, 240_000);
});

describe("one instance builds", () => {
  const fakeApk = (n: number): AndroidApk => ({
    apk: Buffer.from(`apk ${n}`),
    sha256: `${n}`.padStart(64, "0"),
    certificateSha256: "ab".repeat(32),
    packageName: "dev.hybridge.devapp",
    versionCode: n,
    versionName: `1.0.${n}`,
  });
  const fakeKeystore = async () => ({ bytes: Buffer.from("ks"), password: "pw", alias: "a" });

  it("of two at once, only one builds; a failure is retried by the next start", async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: "https://two.example" } });
    try {
      // Without the tools on its PATH, and nothing built by another instance: it says why.
      const missing = DevAppStatusSchema.parse((await get("/api/dev-app", other)).json());
      expect(missing).toMatchObject({ available: false, state: "tools-missing" });
      if (missing.available) throw new Error("unexpected");
      expect(missing.reason).toMatch(/Android build tools are not installed .*apt-get install/);
      expect((await get("/downloads/hybridge-dev.apk", other)).json().message).toBe(missing.reason);

      let builds = 0;
      let release: () => void = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const slow: DevAppTools = {
        toolchain: await detectAndroidToolchain(),
        createKeystore: fakeKeystore,
        build: async () => {
          builds += 1;
          await gate;
          throw new Error("aapt failed");
        },
      };
      const first = ensure(slow, other);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await ensure(slow, other)).toBe("busy");
      release();
      expect(await first).toBe("failed");
      expect(builds).toBe(1);
      expect((await get("/api/dev-app", other)).json()).toEqual({
        available: false,
        state: "failed",
        reason: DevLinkTexts.reasonFailed,
      });

      const ok: DevAppTools = { ...slow, build: async () => fakeApk(7) };
      expect(await ensure(ok, other)).toBe("built");
      expect((await get("/api/dev-app", other)).json()).toMatchObject({
        available: true,
        size: 5,
      });
      expect((await get("/downloads/hybridge-dev.apk", other)).body).toBe("apk 7");
    } finally {
      await other.cleanup();
    }
  });
});
