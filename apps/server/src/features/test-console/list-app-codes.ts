import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";

/** The owner's app codes, newest project first (the console's projects dropdown). */
export async function listAppCodes(db: Db | Tx, options: { userId: string }) {
  const rows = await db
    .select({ keyApp: projects.keyApp })
    .from(projects)
    .where(eq(projects.adminId, options.userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => row.keyApp);
}
