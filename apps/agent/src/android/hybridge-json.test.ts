import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HYBRIDGE_JSON_ASSET, HybridgeJsonSchema } from "@hybridge/shared/updates/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zipEntries } from "../../test/reference-tools";
import { sharedUploadKeystore } from "../../test/upload-keystores";
import { buildAndroidApk } from "./build-android-apk";
import type { UploadKeystore } from "./keystore";
import { SHELL_RUNTIME_VERSION } from "./shell-apk";

let scratch: string;
let keystore: UploadKeystore;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "hybridge-json-test-"));
  keystore = await sharedUploadKeystore("Test shop");
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const app = {
  appCode: "ota-app",
  name: "OTA",
  version: 1,
  statusBarColor: "#000",
  themeColor: "#0E904D",
  launchIcon: null,
};

describe("assets/hybridge.json (issue 27)", () => {
  it("carries the server, app key, channel, the shell's runtime version and the update key", async () => {
    const publicKey = generateKeyPairSync("ec", { namedCurve: "P-256" })
      .publicKey.export({ type: "spki", format: "der" })
      .toString("base64");
    const built = await buildAndroidApk({
      app,
      bundleDir: null,
      keystore,
      workDir: scratch,
      updates: { server: "https://hybridge.example:8443", channel: "production", publicKey },
    });
    const entries = await zipEntries(built.apk);
    const file = entries.get(HYBRIDGE_JSON_ASSET);
    expect(file, "assets/hybridge.json").toBeDefined();
    const json = HybridgeJsonSchema.parse(JSON.parse(file?.toString("utf8") ?? "null"));
    expect(json).toEqual({
      v: 1,
      server: "https://hybridge.example:8443",
      appKey: "ota-app",
      channel: "production",
      runtimeVersion: SHELL_RUNTIME_VERSION,
      updatePublicKey: publicKey,
      development: false,
    });
    expect(SHELL_RUNTIME_VERSION).toBe("android-1");
    // Beside the bundle, not in it: the page cannot be served it.
    expect(entries.has("assets/www/hybridge.json")).toBe(false);
  });
});
