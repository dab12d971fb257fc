import { desc } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";
import { ownedBy } from "../../platform/owned-project";

/** The owner's app codes, newest project first (the console's projects dropdown). */
export async function listAppCodes(db: Db | Tx, options: { userId: string }) {
  const rows = await db
    .select({ keyApp: projects.keyApp })
    .from(projects)
    .where(ownedBy(options.userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => row.keyApp);
}
