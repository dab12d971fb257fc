import type { BuildListItem } from "@hybridge/shared/builds/schemas";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, desc, eq, getTableColumns } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";
import { queueFields, toBuild } from "./build-view";

/** Every build of one platform the user owns, newest first, with its project's name (one query). */
export async function listBuilds(options: {
  db: Db;
  userId: string;
  platform: BuildPlatform;
}): Promise<BuildListItem[]> {
  const rows = await options.db
    .select({ build: getTableColumns(builds), projectName: projects.name, ...queueFields() })
    .from(builds)
    .innerJoin(projects, eq(projects.id, builds.projectId))
    .where(and(eq(builds.ownerId, options.userId), eq(builds.platform, options.platform)))
    .orderBy(desc(builds.dateGenerate), desc(builds.version));
  return rows.map((row) => ({ ...toBuild(row.build, row), projectName: row.projectName }));
}
