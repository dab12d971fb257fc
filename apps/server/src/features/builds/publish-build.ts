import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { LiveHub } from "../../platform/live";
import { announceLatestBuild } from "./build-events";
import { toBuild } from "./get-latest-builds";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Publishes one of the owner's pending builds: status published, published_at now, and the
 * project becomes live (status true). Only a pending build can be published (409 otherwise);
 * another user's build answers 404.
 */
export async function publishBuild(options: {
  db: Db;
  live: LiveHub;
  userId: string;
  buildId: string;
}): Promise<Build> {
  const { db, live, userId, buildId } = options;
  if (!UUID.test(buildId)) throw AppError.notFound(BuildsTexts.buildNotFound);

  const published = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ projectId: builds.projectId })
      .from(builds)
      .where(and(eq(builds.id, buildId), eq(builds.ownerId, userId)))
      .limit(1);
    if (!found) throw AppError.notFound(BuildsTexts.buildNotFound);

    // The same lock as a build request: a request never reads the versions half-way through
    // a publication.
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, found.projectId))
      .for("update");

    const [row] = await tx
      .update(builds)
      .set({ status: "published", publishedAt: sql`clock_timestamp()` })
      .where(and(eq(builds.id, buildId), eq(builds.status, "pending")))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: builds.status })
        .from(builds)
        .where(eq(builds.id, buildId));
      throw AppError.conflict(BuildsTexts.notPending(current?.status ?? "unknown"));
    }
    await tx.update(projects).set({ status: true }).where(eq(projects.id, row.projectId));
    return toBuild(row);
  });
  await announceLatestBuild({
    db,
    live,
    projectId: published.projectId,
    platform: published.platform as BuildPlatform,
  });
  return published;
}
