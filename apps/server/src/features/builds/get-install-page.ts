import type { InstallPageResponse } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { DEFAULT_ICONS, fileUrl } from "@hybridge/shared/files/icons";
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
      // The app's own icon, or the default one its APK carries when it has none of its own.
      iconUrl: !hasApk
        ? null
        : row.icon !== DEFAULT_ICONS.launch
          ? `/api/install/${encodeURIComponent(row.keyApp)}/icon`
          : fileUrl(DEFAULT_ICONS.launch),
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
