import { and, eq } from "drizzle-orm";
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
