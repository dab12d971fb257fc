import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq, gte, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { toBuild } from "./build-view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Publishes one of the owner's ready builds (a signed app exists; decision 020): status
 * published, published_at now, and the project becomes live (status true). Only a ready build
 * can be published, and a version only
 * once per platform (409 otherwise: two requests made while one was pending carry the same
 * version, decision 008; the unique index builds_published_version_unique backs this check);
 * another user's build answers 404.
 */
export async function publishBuild(options: {
  db: Db;
  userId: string;
  buildId: string;
}): Promise<Build> {
  const { db, userId, buildId } = options;
  if (!UUID.test(buildId)) throw AppError.notFound(BuildsTexts.buildNotFound);

  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        projectId: builds.projectId,
        platform: builds.platform,
        version: builds.version,
      })
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
    // Read again under the lock: a publication that held it may have just changed it.
    const [current] = await tx
      .select({ status: builds.status })
      .from(builds)
      .where(eq(builds.id, buildId));
    if (current?.status !== "ready") {
      throw AppError.conflict(BuildsTexts.notReady(current?.status ?? "unknown"));
    }

    const [clash] = await tx
      .select({ id: builds.id })
      .from(builds)
      .where(
        and(
          eq(builds.projectId, found.projectId),
          eq(builds.platform, found.platform),
          eq(builds.status, "published"),
          gte(builds.version, found.version),
        ),
      )
      .limit(1);
    if (clash) throw AppError.conflict(BuildsTexts.versionAlreadyPublished(found.version));

    const [row] = await tx
      .update(builds)
      .set({ status: "published", publishedAt: sql`clock_timestamp()` })
      .where(and(eq(builds.id, buildId), eq(builds.status, "ready")))
      .returning();
    // A build worker does not take the project lock: it may have moved the build meanwhile.
    if (!row) throw AppError.conflict(BuildsTexts.notReady("no longer ready"));
    await tx.update(projects).set({ status: true }).where(eq(projects.id, row.projectId));
    await recordAudit(tx, {
      actorId: userId,
      projectId: row.projectId,
      action: "build.published",
      details: { buildId: row.id, platform: row.platform, version: row.version },
    });
    return toBuild(row);
  });
}
