import { createHash } from "node:crypto";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { apkFileName } from "./apk-file-name";
import { findPublishedApk } from "./find-published-apk";
import { recordInstall } from "./record-install";

/**
 * The published APK, for anyone with the install page's address. Each download counts as an
 * Android install once per device — the device being what the request shows of it (address and
 * browser, hashed: nothing of it is kept in clear), as the app itself reports installs once per
 * install id (decision 014).
 */
export async function openPublishedApk(options: {
  db: Db;
  storage: Storage;
  appKey: string;
  device: { ip: string; userAgent: string };
}) {
  const row = await findPublishedApk(options.db, options.appKey);
  if (!row?.artifactKey || row.version === null) {
    throw AppError.notFound(BuildsTexts.nothingPublished);
  }
  const opened = await options.storage.open(row.artifactKey);
  if (!opened) throw AppError.notFound(BuildsTexts.nothingPublished);
  const device = createHash("sha256")
    .update(`${options.device.ip}\n${options.device.userAgent}`)
    .digest("base64url")
    .slice(0, 40);
  await recordInstall({
    db: options.db,
    projectId: row.projectId,
    platform: "android",
    installId: `dl-${device}`,
  });
  return { ...opened, fileName: apkFileName(row.keyApp, row.version) };
}
