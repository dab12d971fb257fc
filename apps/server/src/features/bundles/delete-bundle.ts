import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { builds, storedFiles, webBundles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { releaseProjectBytes } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes one of the owner's bundles and its file, and gives its bytes back to the project's
 * storage. A bundle a build machine is building with is kept (409) until the build ends.
 */
export async function deleteBundle(options: {
  db: Db;
  storage: Storage;
  userId: string;
  projectId: string;
  bundleId: string;
}) {
  const { db } = options;
  if (!UUID.test(options.bundleId)) throw AppError.notFound(BundlesTexts.bundleNotFound);
  await requireOwnedProject(db, {
    userId: options.userId,
    projectId: options.projectId,
    notFound: BundlesTexts.bundleNotFound,
  });
  const key = await db.transaction(async (tx) => {
    // Before the delete, which sets its builds' bundle to null.
    const [building] = await tx
      .select({ id: builds.id })
      .from(builds)
      .where(
        and(
          eq(builds.bundleId, options.bundleId),
          eq(builds.projectId, options.projectId),
          eq(builds.status, "building"),
        ),
      )
      .limit(1);
    if (building) throw AppError.conflict(BundlesTexts.inUse);
    const [row] = await tx
      .delete(webBundles)
      .where(and(eq(webBundles.id, options.bundleId), eq(webBundles.projectId, options.projectId)))
      .returning({ fileKey: webBundles.fileKey, size: webBundles.size });
    if (!row) throw AppError.notFound(BundlesTexts.bundleNotFound);
    await tx.delete(storedFiles).where(eq(storedFiles.key, row.fileKey));
    await releaseProjectBytes(tx, options.projectId, row.size);
    return row.fileKey;
  });
  await options.storage.remove(key).catch(() => {});
}
