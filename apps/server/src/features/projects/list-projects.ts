import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { installCounters, projects } from "../../platform/db/schema";

const installs = (platform: "apple" | "android") =>
  sql<number>`coalesce(sum(${installCounters.count}) filter (where ${installCounters.platform} = ${platform}), 0)`.mapWith(
    Number,
  );

/**
 * The owner's projects, newest first, each with its install counts per platform (0 when no
 * counter exists). One query whatever the number of projects: the counters are joined and
 * summed, not fetched per project.
 */
export async function listProjects(options: { db: Db; userId: string }) {
  return options.db
    .select({
      ...getTableColumns(projects),
      apple: installs("apple"),
      android: installs("android"),
    })
    .from(projects)
    .leftJoin(installCounters, eq(installCounters.projectId, projects.id))
    .where(eq(projects.adminId, options.userId))
    .groupBy(projects.id)
    .orderBy(desc(projects.createdAt), desc(projects.id));
}

/** The owner's project, or undefined (unknown, or another user's: both answer 404). */
export async function findOwnedProject(options: { db: Db; userId: string; projectId: string }) {
  const [row] = await options.db
    .select()
    .from(projects)
    .where(and(eq(projects.id, options.projectId), eq(projects.adminId, options.userId)))
    .limit(1);
  return row;
}

/** Whether no project uses this app code yet. */
export async function isAppCodeAvailable(options: { db: Db; code: string }) {
  const rows = await options.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.keyApp, options.code))
    .limit(1);
  return rows.length === 0;
}
