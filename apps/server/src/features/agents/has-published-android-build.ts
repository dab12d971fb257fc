import { and, eq, isNotNull } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { builds } from "../../platform/db/schema";

/** Once a version is out, its upload key is the app's for ever (decision 033). */
export async function hasPublishedAndroidBuild(db: Db | Tx, projectId: string): Promise<boolean> {
  const [published] = await db
    .select({ id: builds.id })
    .from(builds)
    .where(
      and(
        eq(builds.projectId, projectId),
        eq(builds.platform, "android"),
        isNotNull(builds.publishedAt),
      ),
    )
    .limit(1);
  return published !== undefined;
}
