import { and, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";

/** The owner's project with this app code, or undefined (unknown and not owned alike). */
export async function findOwnedProject(db: Db | Tx, options: { userId: string; appKey: string }) {
  const [project] = await db
    .select({ id: projects.id, keyApp: projects.keyApp, name: projects.name })
    .from(projects)
    .where(and(eq(projects.keyApp, options.appKey), eq(projects.adminId, options.userId)))
    .limit(1);
  return project;
}

/** The owner's app codes, newest project first (the console's projects dropdown). */
export async function listAppCodes(db: Db | Tx, options: { userId: string }) {
  const rows = await db
    .select({ keyApp: projects.keyApp })
    .from(projects)
    .where(eq(projects.adminId, options.userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
  return rows.map((row) => row.keyApp);
}
