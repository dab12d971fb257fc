import type { AndroidToolchain } from "@hybridge/agent/android";
import { DEV_APP_DOWNLOAD_PATH } from "@hybridge/shared/dev-app/links";
import type { DevAppStatus } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { currentDevAppBuild } from "./build-dev-app";

/**
 * `GET /api/dev-app`: the dev app this server serves (the current build key's ready build), or
 * why not and what to do: still building, the Android tools missing on this server, or a failed
 * build. A server without the tools whose database holds a ready build (another instance built
 * it) serves it all the same: the file is in the shared storage.
 */
export async function getDevAppStatus(options: {
  db: Db;
  publicUrl: string;
  toolchain: () => Promise<AndroidToolchain>;
  /** Whether this instance builds the dev app (DEV_APP_BUILD). */
  buildsHere: boolean;
}): Promise<DevAppStatus> {
  const row = await currentDevAppBuild(options.db, options.publicUrl);
  if (row?.state === "ready" && row.size !== null && row.sha256 !== null) {
    return {
      available: true,
      version: row.versionName,
      size: row.size,
      sha256: row.sha256,
      url: DEV_APP_DOWNLOAD_PATH,
    };
  }
  if (row?.state === "failed") {
    return { available: false, state: "failed", reason: DevLinkTexts.reasonFailed };
  }
  if (!row && !options.buildsHere) {
    return { available: false, state: "off", reason: DevLinkTexts.reasonOff };
  }
  const { missing } = await options.toolchain();
  if (!row && missing.length > 0) {
    return {
      available: false,
      state: "tools-missing",
      reason: DevLinkTexts.reasonToolsMissing(missing),
    };
  }
  return { available: false, state: "building", reason: DevLinkTexts.reasonBuilding };
}

/** The dev app's APK as stored, or a 404 saying why there is none. */
export async function openDevAppApk(options: {
  db: Db;
  storage: Storage;
  publicUrl: string;
  toolchain: () => Promise<AndroidToolchain>;
  buildsHere: boolean;
}) {
  const row = await currentDevAppBuild(options.db, options.publicUrl);
  const file =
    row?.state === "ready" && row.fileKey ? await options.storage.open(row.fileKey) : null;
  if (!file) {
    const status = await getDevAppStatus(options);
    throw AppError.notFound(status.available ? DevLinkTexts.reasonBuilding : status.reason);
  }
  return { ...file, fileName: "hybridge-dev.apk" };
}
