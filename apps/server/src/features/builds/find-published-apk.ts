import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";

/** The published Android build with an app to download, of the app with this code. */
export async function findPublishedApk(db: Db, appKey: string) {
  const [row] = await db
    .select({
      projectId: projects.id,
      name: projects.name,
      keyApp: projects.keyApp,
      icon: projects.icLaunchFileUrl,
      version: builds.version,
      size: builds.artifactSize,
      artifactKey: builds.artifactKey,
      publishedAt: builds.publishedAt,
    })
    .from(projects)
    .leftJoin(
      builds,
      and(
        eq(builds.projectId, projects.id),
        eq(builds.platform, "android"),
        eq(builds.status, "published"),
        isNotNull(builds.artifactKey),
      ),
    )
    .where(eq(projects.keyApp, appKey))
    .orderBy(desc(builds.version))
    .limit(1);
  return row ?? null;
}
