import path from "node:path";
import {
  buildDevAppApk,
  createUploadKeystore,
  detectAndroidToolchain,
} from "@hybridge/agent/android";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { createEncryption } from "../../platform/encryption";
import type { Storage } from "../../platform/storage";
import { ensureDevApp } from "./build-dev-app";

/**
 * The dev app's build at the server's start (decision 049): in the background, after the server
 * listens, so that the start never waits for it. Without the Android tools nothing is built (the
 * status says why); `stop` aborts a build under way (it is marked failed and the next start
 * builds again) and waits for it to end.
 */
export function startDevAppBuild(options: {
  config: Config;
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}): { stop: () => Promise<void> } {
  const { config, db, storage, log } = options;
  const abort = new AbortController();
  const done = (async () => {
    const toolchain = await detectAndroidToolchain({
      searchPath: config.executablePath.join(path.delimiter),
    });
    if (toolchain.missing.length > 0) {
      log.warn(
        `The dev app is not built: the Android build tools are missing (${toolchain.missing.join(", ")}).`,
      );
      return;
    }
    await ensureDevApp({
      db,
      storage,
      encryption: createEncryption(config.secret, "signingKey"),
      publicUrl: config.publicUrl,
      tools: { toolchain, build: buildDevAppApk, createKeystore: createUploadKeystore },
      log,
      signal: abort.signal,
    });
  })().catch((error) => log.error({ err: error }, "the dev app's build could not start"));
  return {
    async stop() {
      abort.abort();
      await done;
    },
  };
}
