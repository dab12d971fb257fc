import { AGENT_CONNECTED_SECONDS } from "@hybridge/shared/agents/admin";
import type { Build } from "@hybridge/shared/builds/schemas";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { agents, type builds } from "../../platform/db/schema";

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
    updateChannel: row.updateChannel,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/**
 * Whether the build machine of `columns` is connected and unrevoked, and builds `platform` (the
 * server's own builder counts: it is an agent row too): the one definition of "a build would not
 * wait for a machine", for waitingForAgent and for the warning before a request.
 */
function buildsNow(
  columns: { revokedAt: SQL | AnyColumn; lastSeenAt: SQL | AnyColumn; platforms: SQL | AnyColumn },
  platform: SQL | string,
) {
  return sql`${columns.revokedAt} is null
        and ${columns.lastSeenAt} > now() - make_interval(secs => ${AGENT_CONNECTED_SECONDS})
        and ${platform} = any(${columns.platforms})`;
}

/** Whether a build machine that builds `platform` is connected now (see buildsNow). */
export async function hasConnectedBuilder(db: Db | Tx, platform: BuildPlatform) {
  const [found] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(buildsNow(agents, platform))
    .limit(1);
  return found !== undefined;
}

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
      where ${buildsNow(
        {
          revokedAt: sql`a.revoked_at`,
          lastSeenAt: sql`a.last_seen_at`,
          platforms: sql`a.platforms`,
        },
        sql`"builds"."platform"`,
      )}
    ))`,
  };
}
