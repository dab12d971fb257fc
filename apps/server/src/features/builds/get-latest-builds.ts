import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { builds } from "../../platform/db/schema";
import { requireOwnedProject } from "../../platform/owned-project";
import { queueFields, toBuild } from "./build-view";

/** The platform's latest build of a project (most recent dateGenerate), or null. */
export async function findLatestBuild(
  db: Db | Tx,
  projectId: string,
  platform: BuildPlatform,
): Promise<Build | null> {
  const [found] = await db
    .select({ row: builds, ...queueFields() })
    .from(builds)
    .where(and(eq(builds.projectId, projectId), eq(builds.platform, platform)))
    .orderBy(desc(builds.dateGenerate), desc(builds.version))
    .limit(1);
  return found ? toBuild(found.row, found) : null;
}

/** What a platform card watches: the latest build of the owner's project, else 404. */
export async function getLatestBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  platform: BuildPlatform;
}): Promise<Build | null> {
  await requireOwnedProject(options.db, { ...options, notFound: BuildsTexts.projectNotFound });
  return findLatestBuild(options.db, options.projectId, options.platform);
}
