import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { desc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { webBundles } from "../../platform/db/schema";
import { requireOwnedProject } from "../../platform/owned-project";
import { toBundle } from "./bundle-view";

/** The owner's bundles, newest (the next build's) first: one query. */
export async function listBundles(options: { db: Db; userId: string; projectId: string }) {
  await requireOwnedProject(options.db, { ...options, notFound: BundlesTexts.bundleNotFound });
  const rows = await options.db
    .select()
    .from(webBundles)
    .where(eq(webBundles.projectId, options.projectId))
    .orderBy(desc(webBundles.createdAt), desc(webBundles.id));
  return rows.map((row, i) => toBundle(row, i === 0));
}
