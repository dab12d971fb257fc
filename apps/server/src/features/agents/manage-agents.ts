import {
  AGENT_CONNECTED_SECONDS,
  type Agent,
  type CreateAgentInput,
  type CreateAgentResponse,
} from "@hybridge/shared/agents/admin";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, desc, eq, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db, Tx } from "../../platform/db/client";
import { agents, buildLogs, builds, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { newAgentToken } from "./agent-auth";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Build machines are the admins' (ADMIN_EMAILS, address verified: decision 032): anyone else
 * gets 403, like /dash's data.
 */
function requireAdmin(user: SessionUser) {
  if (!user.isAdmin) throw new AppError(ErrorCodes.FORBIDDEN, AgentsTexts.adminOnly);
}

type AgentRow = typeof agents.$inferSelect;

function toAgent(
  row: AgentRow,
  busy: { buildId: string | null; projectName: string | null },
  connected: boolean,
): Agent {
  return {
    id: row.id,
    name: row.name,
    platforms: row.platforms,
    tokenPrefix: row.tokenPrefix,
    embedded: row.embedded,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt ? row.lastSeenAt.toISOString() : null,
    connected,
    busyWith:
      busy.buildId && busy.projectName
        ? { buildId: busy.buildId, projectName: busy.projectName }
        : null,
  };
}

/** Every unrevoked build machine, newest first, with what it builds now (one query). */
export async function listAgents(options: { db: Db; user: SessionUser }): Promise<Agent[]> {
  requireAdmin(options.user);
  const rows = await options.db
    .select({
      agent: agents,
      connected: sql<boolean>`coalesce(${agents.lastSeenAt} > now() - make_interval(secs => ${AGENT_CONNECTED_SECONDS}), false)`,
      buildId: sql<
        string | null
      >`(select b.id::text from builds b where b.agent_id = "agents"."id" and b.status = 'building' order by b.started_at limit 1)`,
      projectName: sql<
        string | null
      >`(select p.name from builds b join projects p on p.id = b.project_id where b.agent_id = "agents"."id" and b.status = 'building' order by b.started_at limit 1)`,
    })
    .from(agents)
    .where(isNull(agents.revokedAt))
    .orderBy(desc(agents.createdAt), desc(agents.id));
  return rows.map((row) => toAgent(row.agent, row, row.connected));
}

/** A new build machine; its token is in this answer only. */
export async function createAgent(options: {
  db: Db;
  user: SessionUser;
  input: CreateAgentInput;
}): Promise<CreateAgentResponse> {
  requireAdmin(options.user);
  const { token, prefix, hash } = newAgentToken();
  const row = await options.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(agents)
      .values({
        name: options.input.name,
        platforms: [...new Set(options.input.platforms)],
        tokenHash: hash,
        tokenPrefix: prefix,
      })
      .returning();
    if (!inserted) throw new Error("insert returned no agent");
    await recordAudit(tx, {
      actorId: options.user.id,
      action: "agent.added",
      details: { agentId: inserted.id, name: inserted.name, tokenPrefix: inserted.tokenPrefix },
    });
    return inserted;
  });
  return { agent: toAgent(row, { buildId: null, projectName: null }, false), token };
}

/**
 * Revokes a build machine: its token stops working at once, and a build it was working on goes
 * back to the queue (its attempt counted). The embedded machine is the server's own: it ends
 * with the server (BUILD_AGENT=off turns it off).
 */
export async function revokeAgent(options: { db: Db; user: SessionUser; agentId: string }) {
  requireAdmin(options.user);
  if (!UUID.test(options.agentId)) throw AppError.notFound(AgentsTexts.agentNotFound);
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(agents)
      .set({ revokedAt: sql`now()` })
      .where(
        and(eq(agents.id, options.agentId), isNull(agents.revokedAt), eq(agents.embedded, false)),
      )
      .returning({ id: agents.id, name: agents.name });
    if (!row) throw AppError.notFound(AgentsTexts.agentNotFound);
    await releaseBuildsOf(tx, row.id, { countAttempt: true });
    await recordAudit(tx, {
      actorId: options.user.id,
      action: "agent.removed",
      details: { agentId: row.id, name: row.name },
    });
  });
}

/**
 * The builds a build machine holds go back to the queue. A machine that stopped or was revoked
 * used an attempt (the 2nd fails the build); one handing its work back as it shuts down
 * cleanly did not.
 */
export async function releaseBuildsOf(
  tx: Tx,
  agentId: string,
  options: { countAttempt: boolean },
): Promise<number> {
  const taken = await takeBack(
    tx,
    and(eq(builds.agentId, agentId), eq(builds.status, "building")),
    options,
  );
  return taken.length;
}

/** A pending build of the same project and platform as the `builds` row being updated. */
const newerPending = sql`exists (
  select 1 from builds n
  where n.project_id = "builds"."project_id" and n.platform = "builds"."platform"
    and n.status = 'pending' and n.id <> "builds"."id"
)`;

/**
 * Building builds matching `where` go back to the queue — or fail at their second counted
 * attempt ("The build machine stopped responding"), or are cancelled when a newer request of
 * the same project and platform waits already (at most one pending each, decision 035: the
 * newer one builds the same project). Their projects are locked first, in a fixed order, as a
 * build request locks its project: a request at the same moment either sees the build queued
 * again (and answers it) or is seen here (and this one is cancelled), never a second pending
 * build. Each build taken back gets a log line saying what became of it.
 */
export async function takeBack(
  tx: Tx,
  where: SQL | undefined,
  options: { countAttempt: boolean },
): Promise<{ id: string; status: string }[]> {
  const candidates = await tx
    .select({ id: builds.id, projectId: builds.projectId })
    .from(builds)
    .where(where);
  if (candidates.length === 0) return [];
  await tx
    .select({ id: projects.id })
    .from(projects)
    .where(inArray(projects.id, [...new Set(candidates.map((build) => build.projectId))]))
    .orderBy(projects.id)
    .for("update");
  const failed = options.countAttempt ? sql`${builds.attempts} >= 2` : sql`false`;
  const taken = await tx
    .update(builds)
    .set({
      status: sql`case when ${failed} then 'failed' when ${newerPending} then 'cancelled' else 'pending' end`,
      failureReason: sql`case when ${failed} then ${AgentsTexts.stoppedResponding} else null end`,
      finishedAt: sql`case when ${failed} or ${newerPending} then clock_timestamp() else null end`,
      attempts: options.countAttempt ? builds.attempts : sql`greatest(${builds.attempts} - 1, 0)`,
      buildPercent: "0",
      agentId: null,
      leaseExpiresAt: null,
    })
    .where(
      and(
        inArray(
          builds.id,
          candidates.map((build) => build.id),
        ),
        where,
      ),
    )
    .returning({ id: builds.id, status: builds.status });
  if (taken.length > 0) {
    await tx.insert(buildLogs).values(
      taken.map((build) => ({
        buildId: build.id,
        line:
          build.status === "failed"
            ? `${AgentsTexts.stoppedResponding}: the build failed.`
            : build.status === "cancelled"
              ? AgentsTexts.supersededOnRequeue
              : `${options.countAttempt ? AgentsTexts.stoppedResponding : AgentsTexts.handedBack}: the build is queued again.`,
      })),
    );
  }
  return taken;
}

/**
 * The server's own build machine (BUILD_AGENT=on): a token made for this process only, never
 * written anywhere but this row's hash, revoked when the server closes. Embedded machines of
 * earlier runs that were not closed (a crash) are removed once they have been silent a day.
 */
export async function createEmbeddedAgent(db: Db, platforms: string[]) {
  const { token, prefix, hash } = newAgentToken();
  await db
    .delete(agents)
    .where(
      and(
        eq(agents.embedded, true),
        or(
          lt(agents.lastSeenAt, sql`now() - interval '1 day'`),
          lt(agents.revokedAt, sql`now() - interval '1 day'`),
        ),
      ),
    );
  const [row] = await db
    .insert(agents)
    .values({
      name: AgentsTexts.embeddedName,
      platforms,
      tokenHash: hash,
      tokenPrefix: prefix,
      embedded: true,
    })
    .returning({ id: agents.id });
  if (!row) throw new Error("insert returned no agent");
  return {
    id: row.id,
    token,
    /** Revokes the token and hands its builds back to the queue. */
    async close() {
      await db.transaction(async (tx) => {
        await tx.update(agents).set({ revokedAt: sql`now()` }).where(eq(agents.id, row.id));
        await releaseBuildsOf(tx, row.id, { countAttempt: false });
      });
    },
  };
}
