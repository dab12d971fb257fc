import { StoreTexts } from "@hybridge/shared/store/texts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projectModules } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { inOwnedProject, requireOwnedProject } from "../../platform/owned-project";
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
  if (isModuleId(moduleId)) {
    const removed = await db
      .delete(projectModules)
      .where(
        and(
          eq(projectModules.projectId, projectId),
          inOwnedProject(projectModules.projectId, userId),
          eq(projectModules.moduleId, moduleId),
        ),
      )
      .returning({ moduleId: projectModules.moduleId });
    if (removed.length > 0) return;
  }
  // Nothing removed: say which of the two was not found.
  await requireOwnedProject(db, { userId, projectId, notFound: StoreTexts.projectNotFound });
  throw AppError.notFound(StoreTexts.moduleNotIntegrated);
}
