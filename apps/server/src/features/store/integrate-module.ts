import { StoreTexts } from "@hybridge/shared/store/texts";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { modules, projectModules, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { ownedBy, requireOwnedProject } from "../../platform/owned-project";
import { findModule } from "./get-module";
import { isModuleId } from "./module-view";

const projectNotFound = () => AppError.notFound(StoreTexts.projectNotFound);

/**
 * Adds a module to one of the user's projects (project_modules). Idempotent: integrating it
 * again keeps the one row and says so (`created: false`). Another user's project answers 404,
 * like one that does not exist.
 */
export async function integrateModule(options: {
  db: Db;
  userId: string;
  moduleId: string;
  projectId: string;
}) {
  const { db, userId, moduleId, projectId } = options;
  if (!isModuleId(moduleId)) throw AppError.notFound(StoreTexts.moduleNotFound);
  return db.transaction(async (tx) => {
    // Key-share locks: neither row can be deleted before the integration is written.
    const [module] = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(eq(modules.id, moduleId))
      .for("key share");
    if (!module) throw AppError.notFound(StoreTexts.moduleNotFound);
    await requireOwnedProject(tx, {
      userId,
      projectId,
      notFound: StoreTexts.projectNotFound,
      lock: "key share",
    });

    const [inserted] = await tx
      .insert(projectModules)
      .values({ projectId, moduleId })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { integration: inserted, created: true };
    const [existing] = await tx
      .select()
      .from(projectModules)
      .where(and(eq(projectModules.projectId, projectId), eq(projectModules.moduleId, moduleId)));
    if (!existing) throw projectNotFound();
    return { integration: existing, created: false };
  });
}

/** The integrate dialog's list: the user's projects, newest first, marked when they have it. */
export async function listIntegrationTargets(options: {
  db: Db;
  userId: string;
  moduleId: string;
}) {
  const { db, userId, moduleId } = options;
  await findModule({ db, moduleId });
  return db
    .select({
      id: projects.id,
      name: projects.name,
      keyApp: projects.keyApp,
      integrated: isNotNull(projectModules.moduleId).mapWith(Boolean),
    })
    .from(projects)
    .leftJoin(
      projectModules,
      and(eq(projectModules.projectId, projects.id), eq(projectModules.moduleId, moduleId)),
    )
    .where(ownedBy(userId))
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/** The modules a project integrates, most recently added first (owner only, else 404). */
export async function listProjectModules(options: { db: Db; userId: string; projectId: string }) {
  const { db, userId, projectId } = options;
  await requireOwnedProject(db, { userId, projectId, notFound: StoreTexts.projectNotFound });
  return db
    .select({ module: modules, addedAt: projectModules.addedAt })
    .from(projectModules)
    .innerJoin(modules, eq(modules.id, projectModules.moduleId))
    .where(eq(projectModules.projectId, projectId))
    .orderBy(desc(projectModules.addedAt), desc(modules.id));
}
