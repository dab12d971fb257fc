import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { appInstalls, installCounters, projects } from "../../platform/db/schema";

/**
 * Counts one install of a project's app on a platform, once per install id (decision 014), in
 * one transaction: the install id is added to app_installs (its primary key decides), and only
 * when that row was added does the platform's counter go up (created at 1, or incremented in
 * place). Simultaneous calls with one id count once — the later inserts wait on the first's key,
 * then add nothing — and simultaneous calls with different ids lose no count.
 *
 * Returns whether this call counted the install. The project row is locked against deletion
 * (FOR KEY SHARE, which does not block other installs) first: a project deleted meanwhile counts
 * nothing.
 */
export async function recordInstall(options: {
  db: Db;
  projectId: string;
  platform: BuildPlatform;
  installId: string;
}): Promise<boolean> {
  const { db, projectId, platform, installId } = options;
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, projectId))
      .for("key share");
    if (!project) return false;
    const added = await tx
      .insert(appInstalls)
      .values({ projectId, platform, installId })
      .onConflictDoNothing()
      .returning({ installId: appInstalls.installId });
    if (added.length === 0) return false;
    await tx
      .insert(installCounters)
      .values({ projectId, platform, count: 1 })
      .onConflictDoUpdate({
        target: [installCounters.projectId, installCounters.platform],
        set: { count: sql`${installCounters.count} + 1` },
      });
    return true;
  });
}
