import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { installCounters, projects } from "../../platform/db/schema";
import { ownedBy } from "../../platform/owned-project";

const installs = (platform: "apple" | "android") =>
  sql<number>`coalesce(sum(${installCounters.count}) filter (where ${installCounters.platform} = ${platform}), 0)`.mapWith(
    Number,
  );

function prepareListProjects(db: Db) {
  return db
    .select({
      id: projects.id,
      name: projects.name,
      keyApp: projects.keyApp,
      description: projects.description,
      segment: projects.segment,
      color: projects.color,
      statusbar: projects.statusbar,
      navBarType: projects.navBarType,
      icLaunchFileUrl: projects.icLaunchFileUrl,
      icNotificationFileUrl: projects.icNotificationFileUrl,
      status: projects.status,
      createdAt: projects.createdAt,
      apple: installs("apple"),
      android: installs("android"),
    })
    .from(projects)
    .leftJoin(installCounters, eq(installCounters.projectId, projects.id))
    .where(ownedBy(sql.placeholder("userId")))
    .groupBy(projects.id)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .prepare("list_projects");
}
const listProjectsQueries = new WeakMap<Db, ReturnType<typeof prepareListProjects>>();

/**
 * The owner's projects, newest first, each with its install counts per platform (0 when no
 * counter exists). One query whatever the number of projects: the counters are joined and
 * summed, not fetched per project. The query is built once per database (prepared): this is
 * the console's most frequent list.
 */
export async function listProjects(options: { db: Db; userId: string }) {
  let query = listProjectsQueries.get(options.db);
  if (!query) {
    query = prepareListProjects(options.db);
    listProjectsQueries.set(options.db, query);
  }
  return query.execute({ userId: options.userId });
}
