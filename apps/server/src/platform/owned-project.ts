import { and, eq } from "drizzle-orm";
import type { Db } from "./db/client";
import { projects } from "./db/schema";

/** Whether `userId` owns the project (an unknown project and another user's are both false). */
export async function ownsProject(db: Db, userId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.adminId, userId)))
    .limit(1);
  return row !== undefined;
}
