import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";

/** The owner's project, or undefined (unknown, or another user's: both answer 404). */
export async function findOwnedProject(options: { db: Db; userId: string; projectId: string }) {
  const [row] = await options.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, options.projectId), eq(projects.adminId, options.userId)))
    .limit(1);
  return row;
}
