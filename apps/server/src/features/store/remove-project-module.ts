import { StoreTexts } from "@hybridge/shared/store/texts";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projectModules, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { isModuleId } from "./module-view";

/**
 * Removes a module from one of the user's projects (the project page's Remove). One statement:
 * the row goes only if the project is the user's. Another user's project answers 404 like an
 * unknown one; a module the project does not integrate answers 404 too.
 */
export async function removeProjectModule(options: {
  db: Db;
  userId: string;
  projectId: string;
  moduleId: string;
}) {
  const { db, userId, projectId, moduleId } = options;
  const owned = () =>
    db
      .select({ id: projects.id })
      .from(projects)
      .where(and(eq(projects.id, projectId), eq(projects.adminId, userId)));
  if (isModuleId(moduleId)) {
    const removed = await db
      .delete(projectModules)
      .where(and(inArray(projectModules.projectId, owned()), eq(projectModules.moduleId, moduleId)))
      .returning({ moduleId: projectModules.moduleId });
    if (removed.length > 0) return;
  }
  // Nothing removed: say which of the two was not found.
  const [project] = await owned().limit(1);
  if (!project) throw AppError.notFound(StoreTexts.projectNotFound);
  throw AppError.notFound(StoreTexts.moduleNotIntegrated);
}
