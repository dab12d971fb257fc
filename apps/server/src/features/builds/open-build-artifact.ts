import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { apkFileName } from "./apk-file-name";
import { findOwnedBuild } from "./find-owned-build";

/** The owner's download of a built app (ready or published). */
export async function openBuildArtifact(options: {
  db: Db;
  storage: Storage;
  userId: string;
  projectId: string;
  buildId: string;
}) {
  const build = await findOwnedBuild(options.db, options);
  if (!build.artifactKey) throw AppError.notFound(BuildsTexts.noArtifact);
  const opened = await options.storage.open(build.artifactKey);
  if (!opened) throw AppError.notFound(BuildsTexts.noArtifact);
  return { ...opened, fileName: apkFileName(build.appKey, build.version) };
}
