import type { AccountUsage, ProjectUsage } from "@hybridge/shared/projects/quotas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { sql } from "drizzle-orm";
import type { Config } from "../../platform/config";
import type { Db } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { isOwnedProject, ownedBy } from "../../platform/owned-project";

type Quotas = Config["quotas"];

/**
 * What the owner's project keeps against its quotas (decision 035), in one query: its web
 * bundles and the bytes counted in project_storage. Another user's project answers 404.
 */
export async function getProjectUsage(options: {
  db: Db;
  userId: string;
  projectId: string;
  quotas: Quotas;
}): Promise<ProjectUsage> {
  // Written qualified: drizzle leaves a single table's columns unqualified.
  const [row] = await options.db
    .select({
      kept: sql<number>`(select count(*) from web_bundles w where w.project_id = "projects"."id")`.mapWith(
        Number,
      ),
      usedBytes:
        sql<number>`coalesce((select s.bytes from project_storage s where s.project_id = "projects"."id"), 0)`.mapWith(
          Number,
        ),
    })
    .from(projects)
    .where(isOwnedProject(options.userId, options.projectId));
  if (!row) throw AppError.notFound(ProjectsTexts.invalidProjectId);
  return {
    bundles: { kept: row.kept, limit: options.quotas.bundlesKeptPerProject },
    storage: { usedBytes: row.usedBytes, limitBytes: options.quotas.maxProjectStorageBytes },
  };
}

/** The account's projects against MAX_PROJECTS_PER_USER, in one query. */
export async function getAccountUsage(options: {
  db: Db;
  userId: string;
  quotas: Quotas;
}): Promise<AccountUsage> {
  const [row] = await options.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(projects)
    .where(ownedBy(options.userId));
  return { projects: { count: row?.count ?? 0, limit: options.quotas.maxProjectsPerUser } };
}
