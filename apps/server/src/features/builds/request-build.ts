import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { queueFields, toBuild } from "./get-latest-builds";

/**
 * Queues a build of one platform: a new request, pending at '0' percent, whose version is the
 * highest published version of that platform + 1, or 1 when none is published
 * (docs/decisions/008-build-version.md).
 *
 * The project row is locked first, so that requests and publications of one project run one
 * after the other and every request reads the versions as they are when it inserts. Open
 * project pages learn of the new build from the builds table's trigger (watch-latest-builds.ts).
 */
export async function requestBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  platform: BuildPlatform;
}): Promise<Build> {
  const { db, userId, projectId, platform } = options;
  return db.transaction(async (tx) => {
    const [project] = await tx
      .select({ keyApp: projects.keyApp })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.adminId, userId)))
      .for("update");
    if (!project) throw AppError.notFound(BuildsTexts.projectNotFound);

    const [published] = await tx
      .select({ highest: sql<number>`coalesce(max(${builds.version}), 0)::int` })
      .from(builds)
      .where(
        and(
          eq(builds.projectId, projectId),
          eq(builds.platform, platform),
          eq(builds.status, "published"),
        ),
      );
    const version = Number(published?.highest ?? 0) + 1;

    const [row] = await tx
      .insert(builds)
      .values({
        projectId,
        ownerId: userId,
        platform,
        appKey: project.keyApp,
        status: "pending",
        buildPercent: "0",
        version,
        // The time of the insert, not of the transaction's start (now()): a request that
        // waited for the lock is later than the one it waited for.
        dateGenerate: sql`clock_timestamp()`,
      })
      .returning();
    if (!row) throw new Error("insert returned no build");
    // With its place in the queue, as the live stream shows it: the answer must not say less.
    const [queued] = await tx
      .select({ row: builds, ...queueFields() })
      .from(builds)
      .where(eq(builds.id, row.id));
    return queued ? toBuild(queued.row, queued) : toBuild(row);
  });
}
