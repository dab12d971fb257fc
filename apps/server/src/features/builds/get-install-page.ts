import type { InstallPageResponse } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import { findPublishedApk } from "./find-published-apk";

/** What the public install page shows: the app and its published Android version, if any. */
export async function getInstallPage(options: {
  db: Db;
  appKey: string;
}): Promise<InstallPageResponse> {
  const row = await findPublishedApk(options.db, options.appKey);
  if (!row) throw AppError.notFound(BuildsTexts.appNotFound);
  const hasApk = row.artifactKey !== null && row.version !== null && row.publishedAt !== null;
  return {
    app: {
      name: row.name,
      appKey: row.keyApp,
      iconUrl:
        hasApk && row.icon !== "default.png"
          ? `/api/install/${encodeURIComponent(row.keyApp)}/icon`
          : null,
      android:
        hasApk && row.version !== null && row.publishedAt !== null
          ? {
              version: row.version,
              size: Number(row.size ?? 0),
              publishedAt: row.publishedAt.toISOString(),
            }
          : null,
    },
  };
}
