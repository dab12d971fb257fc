import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { ProjectSummary } from "@hybridge/shared/projects/schemas";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "./db/client";
import { projects } from "./db/schema";
import { AppError } from "./errors";

/** Whether `userId` owns the project (an unknown project and another user's are both false). */
export async function ownsProject(db: Db, userId: string, projectId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.adminId, userId)))
    .limit(1);
  return row !== undefined;
}

/** The user's project, or a 404: another user's project does not exist for them. */
export async function findOwnedProject(
  db: Db | Tx,
  options: { userId: string; projectId: string },
): Promise<ProjectSummary> {
  const [project] = await db
    .select({
      id: projects.id,
      name: projects.name,
      keyApp: projects.keyApp,
      status: projects.status,
    })
    .from(projects)
    .where(and(eq(projects.id, options.projectId), eq(projects.adminId, options.userId)))
    .limit(1);
  if (!project) throw AppError.notFound(BuildsTexts.projectNotFound);
  return project;
}
