import { and, type Column, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "./db/client";
import { projects } from "./db/schema";
import { AppError } from "./errors";

// The one owner check: a project is its admin's (projects.adminId), and another user's project
// does not exist for them (404, never 403). Every service that needs the user's project calls
// requireOwnedProject (or requireOwnedApp); a service that checks the owner inside its own single
// query (an UPDATE … WHERE, a join) writes the same predicates below, so that no query is added.

/** The projects `userId` owns: a list's filter, and the owner half of every check below. */
export const ownedBy = (userId: string | Placeholder) => eq(projects.adminId, userId);

/** The project `projectId`, if `userId` owns it (a condition on `projects` rows). */
export const isOwnedProject = (userId: string, projectId: string) =>
  and(eq(projects.id, projectId), ownedBy(userId)) as SQL;

/** Rows of another table whose project (`projectId`, that table's column) `userId` owns. */
export const inOwnedProject = (projectId: Column, userId: string) =>
  sql`exists (select 1 from ${projects} where ${projects.id} = ${projectId} and ${ownedBy(userId)})`;

export type OwnedProject = typeof projects.$inferSelect;

/**
 * The row lock a transaction may take on the project: `update` serialises the changes of one
 * project (a build request, a publication, its upload key), `key share` only keeps it from
 * being deleted meanwhile.
 */
type ProjectLock = "update" | "key share";

async function requireOwned(
  db: Db | Tx,
  where: SQL | undefined,
  options: { notFound: string; lock?: ProjectLock },
): Promise<OwnedProject> {
  const query = db.select().from(projects).where(where).limit(1);
  const [project] = await (options.lock ? query.for(options.lock) : query);
  if (!project) throw AppError.notFound(options.notFound);
  return project;
}

/**
 * The user's project, or a 404 with `notFound` (each feature's own text): an unknown project
 * and another user's answer alike. Inside a transaction, `lock` takes the project's row lock.
 */
export function requireOwnedProject(
  db: Db | Tx,
  options: { userId: string; projectId: string; notFound: string; lock?: ProjectLock },
): Promise<OwnedProject> {
  return requireOwned(db, isOwnedProject(options.userId, options.projectId), options);
}

/** The user's project with this app code (the test console's address), or a 404 likewise. */
export function requireOwnedApp(
  db: Db | Tx,
  options: { userId: string; appKey: string; notFound: string; lock?: ProjectLock },
): Promise<OwnedProject> {
  return requireOwned(
    db,
    and(eq(projects.keyApp, options.appKey), ownedBy(options.userId)),
    options,
  );
}
