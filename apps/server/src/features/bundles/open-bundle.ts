import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { webBundles } from "../../platform/db/schema";
import type { Storage } from "../../platform/storage";

/** What a build's job says of the bundle it was given (the agents feature asks). */
export async function bundleSummary(db: Db, bundleId: string) {
  const [row] = await db
    .select({ sha256: webBundles.sha256, size: webBundles.size })
    .from(webBundles)
    .where(eq(webBundles.id, bundleId));
  return row ?? null;
}

/** A bundle's zip, for the build machine that was given it. */
export async function openBundle(db: Db, storage: Storage, bundleId: string) {
  const [row] = await db
    .select({ fileKey: webBundles.fileKey })
    .from(webBundles)
    .where(eq(webBundles.id, bundleId));
  return row ? storage.open(row.fileKey) : null;
}
