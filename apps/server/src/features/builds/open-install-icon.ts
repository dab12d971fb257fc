import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { findPublishedApk } from "./find-published-apk";

/** The launch icon of a published app, for its install page. */
export async function openInstallIcon(options: { db: Db; storage: Storage; appKey: string }) {
  const row = await findPublishedApk(options.db, options.appKey);
  if (!row?.artifactKey || row.icon === "default.png") throw AppError.notFound();
  const opened = await options.storage.open(row.icon);
  if (!opened) throw AppError.notFound();
  return opened;
}
