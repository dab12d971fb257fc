import type { Build, ProjectSummary } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

type BuildRow = typeof builds.$inferSelect;

/** A build row as the API shows it (no owner id, dates as ISO strings). */
export function toBuild(row: BuildRow): Build {
  return {
    id: row.id,
    projectId: row.projectId,
    platform: row.platform as BuildPlatform,
    appKey: row.appKey,
    status: row.status,
    buildPercent: row.buildPercent,
    version: row.version,
    dateGenerate: row.dateGenerate.toISOString(),
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
  };
}

/** The user's project, or a 404: another user's project does not exist for them. */
export async function findOwnedProject(
  db: Db | Tx,
  options: { userId: string; projectId: string },
): Promise<ProjectSummary> {
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      keyApp: projects.keyApp,
      status: projects.status,
    })
    .from(projects)
    .where(and(eq(projects.id, options.projectId), eq(projects.adminId, options.userId)))
    .limit(1);
  if (!project) throw AppError.notFound(BuildsTexts.projectNotFound);
  return project;
}

/** The platform's latest build of a project (most recent dateGenerate), or null. */
export async function findLatestBuild(
  db: Db | Tx,
  projectId: string,
  platform: BuildPlatform,
): Promise<Build | null> {
  const [row] = await db
    .select()
    .from(builds)
    .where(and(eq(builds.projectId, projectId), eq(builds.platform, platform)))
    .orderBy(desc(builds.dateGenerate), desc(builds.version))
    .limit(1);
  return row ? toBuild(row) : null;
}

/** The project page's header: the owner's project, else 404. */
export function getProjectSummary(options: { db: Db; userId: string; projectId: string }) {
  return findOwnedProject(options.db, options);
}

/** What a platform card watches: the latest build of the owner's project, else 404. */
export async function getLatestBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  platform: BuildPlatform;
}): Promise<Build | null> {
  await findOwnedProject(options.db, options);
  return findLatestBuild(options.db, options.projectId, options.platform);
}
