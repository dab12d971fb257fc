import type { Build, ProjectSummary } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { builds, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

type BuildRow = typeof builds.$inferSelect;

/** What a build's row does not hold: where it stands in the queue (see queueFields). */
export type QueueExtras = { queuePosition: number | null; waitingForAgent: boolean };

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A build row as the API shows it (no owner id, dates as ISO strings). `extras` come from
 * queueFields() selected with the row; without them a pending build has no known position.
 */
export function toBuild(row: BuildRow, extras?: QueueExtras): Build {
  return {
    id: row.id,
    projectId: row.projectId,
    platform: row.platform as BuildPlatform,
    appKey: row.appKey,
    status: row.status,
    buildPercent: row.buildPercent,
    version: row.version,
    dateGenerate: row.dateGenerate.toISOString(),
    publishedAt: iso(row.publishedAt),
    percent: Number.parseInt(row.buildPercent, 10) || 0,
    failureReason: row.failureReason,
    queuePosition: extras?.queuePosition ?? null,
    waitingForAgent: extras?.waitingForAgent ?? false,
    artifact:
      row.artifactKey && row.artifactSize !== null && row.artifactSha256
        ? { size: row.artifactSize, sha256: row.artifactSha256 }
        : null,
    attempts: row.attempts,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/** A build machine counts as connected while it called within this many seconds. */
export const AGENT_CONNECTED_SECONDS = 60;

/**
 * Two columns computed in the same query as the rows (no query per build): a pending build's
 * place in its platform's queue (1 = next), and whether no connected, unrevoked build machine
 * can build its platform.
 *
 * The place follows the claim's round robin between owners (build-queue.ts, decision 035):
 * every owner's first waiting build comes before anyone's second, and so on; within a round,
 * owners go by when they were last served (never served first), then by their oldest waiting
 * build. So a build's place counts, among the platform's pending builds, those of an earlier
 * round and those of its own round whose owner goes first. Positions are as the queue stands
 * now: a claim for another platform, or a new owner joining, may move a build later.
 */
export function queueFields() {
  // Written qualified: drizzle leaves a single table's columns unqualified, and inside the
  // subqueries an unqualified name would mean the subquery's own row.
  return {
    queuePosition: sql<number | null>`case when "builds"."status" = 'pending' then (
      with waiting as (
        select q.id,
          row_number() over turns as round,
          coalesce(
            (select max(s.started_at) from builds s where s.owner_id = q.owner_id),
            '-infinity'::timestamptz
          ) as served,
          first_value(q.date_generate) over turns as head_date,
          first_value(q.id) over turns as head_id
        from builds q
        where q.status = 'pending' and q.platform = "builds"."platform"
        window turns as (partition by q.owner_id order by q.date_generate, q.id)
      )
      select count(*)::int from waiting w, waiting me
      where me.id = "builds"."id"
        and (w.round, w.served, w.head_date, w.head_id)
          <= (me.round, me.served, me.head_date, me.head_id)
    ) end`,
    waitingForAgent: sql<boolean>`("builds"."status" = 'pending' and not exists (
      select 1 from agents a
      where a.revoked_at is null
        and a.last_seen_at > now() - make_interval(secs => ${AGENT_CONNECTED_SECONDS})
        and "builds"."platform" = any(a.platforms)
    ))`,
  };
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

/** The platform's latest build of a project (most recent dateGenerate), or null. */
export async function findLatestBuild(
  db: Db | Tx,
  projectId: string,
  platform: BuildPlatform,
): Promise<Build | null> {
  const [found] = await db
    .select({ row: builds, ...queueFields() })
    .from(builds)
    .where(and(eq(builds.projectId, projectId), eq(builds.platform, platform)))
    .orderBy(desc(builds.dateGenerate), desc(builds.version))
    .limit(1);
  return found ? toBuild(found.row, found) : null;
}

/** The project page's header: the owner's project, else 404. */
export function getProjectSummary(options: { db: Db; userId: string; projectId: string }) {
  return findOwnedProject(options.db, options);
}

/** What a platform card watches: the latest build of the owner's project, else 404. */
export async function getLatestBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  platform: BuildPlatform;
}): Promise<Build | null> {
  await findOwnedProject(options.db, options);
  return findLatestBuild(options.db, options.projectId, options.platform);
}
