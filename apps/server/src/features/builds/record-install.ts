import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { installCounters, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

/**
 * Counts one install of an app on a platform, in one statement: the counter row is created at 1
 * or incremented in place (ON CONFLICT … count + 1), so simultaneous installs never lose a count.
 */
export async function recordInstall(options: {
  db: Db;
  appKey: string;
  platform: BuildPlatform;
}): Promise<number> {
  const { db, appKey, platform } = options;
  // INSERT … SELECT: a project removed meanwhile simply inserts nothing (404), never a 500.
  const [counter] = await db
    .insert(installCounters)
    .select(
      db
        .select({
          projectId: projects.id,
          platform: sql<string>`${platform}`.as("platform"),
          count: sql<number>`1`.as("count"),
        })
        .from(projects)
        .where(eq(projects.keyApp, appKey)),
    )
    .onConflictDoUpdate({
      target: [installCounters.projectId, installCounters.platform],
      set: { count: sql`${installCounters.count} + 1` },
    })
    .returning({ count: installCounters.count });
  if (!counter) throw AppError.notFound(BuildsTexts.appNotFound);
  return counter.count;
}
