import type {
  RollbackInput,
  Update,
  UpdateChangeInput,
  UpdateCounts,
  UpdatesListResponse,
} from "@hybridge/shared/updates/schemas";
import { UpdatesTexts } from "@hybridge/shared/updates/texts";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db } from "../../platform/db/client";
import { updateChannels, updateInstalls, updates } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { channelCache } from "./update-cache";
import { toUpdate } from "./update-view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const counted = {
  asked: sql<number>`count(${updateInstalls.installId})`.mapWith(Number),
  downloaded: sql<number>`count(${updateInstalls.downloadedAt})`.mapWith(Number),
  applied: sql<number>`count(${updateInstalls.appliedAt})`.mapWith(Number),
  ready: sql<number>`count(${updateInstalls.readyAt})`.mapWith(Number),
  failed: sql<number>`count(${updateInstalls.failedAt})`.mapWith(Number),
  rolledBack: sql<number>`count(${updateInstalls.rolledBackAt})`.mapWith(Number),
};

/** The counts of the project's updates (all of them, or one), in one grouped query. */
async function updatesWithCounts(db: Db, projectId: string, updateId?: string) {
  return db
    .select({ update: updates, ...counted })
    .from(updates)
    .leftJoin(updateInstalls, eq(updateInstalls.updateId, updates.id))
    .where(
      updateId
        ? and(eq(updates.projectId, projectId), eq(updates.id, updateId))
        : eq(updates.projectId, projectId),
    )
    .groupBy(updates.id)
    .orderBy(desc(updates.createdAt), desc(updates.id));
}

const countsOf = (row: UpdateCounts): UpdateCounts => ({
  asked: row.asked,
  downloaded: row.downloaded,
  applied: row.applied,
  ready: row.ready,
  failed: row.failed,
  rolledBack: row.rolledBack,
});

/**
 * `GET /api/projects/:id/updates`: the project's app key (for the previews' links), its channels
 * (by name), each with its updates newest first and their counts, and the channel its new builds
 * follow — three queries whatever the number of updates.
 */
export async function listUpdates(options: {
  db: Db;
  userId: string;
  projectId: string;
}): Promise<UpdatesListResponse> {
  const { db, projectId } = options;
  const project = await requireOwnedProject(db, {
    userId: options.userId,
    projectId,
    notFound: UpdatesTexts.updateNotFound,
  });
  const channels = await db
    .select()
    .from(updateChannels)
    .where(eq(updateChannels.projectId, projectId))
    .orderBy(asc(updateChannels.name));
  const rows = await updatesWithCounts(db, projectId);
  const listed = channels.map((channel) => ({
    name: channel.name,
    embeddedAt: channel.embeddedAt?.toISOString() ?? null,
    createdAt: channel.createdAt.toISOString(),
    updates: rows
      .filter((row) => row.update.channelId === channel.id)
      .map((row) => toUpdate(row.update, channel.name, countsOf(row))),
  }));
  return { appKey: project.keyApp, channels: listed, buildChannel: project.updateChannel };
}

/** The routes on one update: a malformed id or another user's project is its 404. */
export async function requireUpdateOwner(
  db: Db,
  options: { userId: string; projectId: string; updateId: string },
) {
  if (!UUID.test(options.updateId)) throw AppError.notFound(UpdatesTexts.updateNotFound);
  await requireOwnedProject(db, {
    userId: options.userId,
    projectId: options.projectId,
    notFound: UpdatesTexts.updateNotFound,
  });
}

/**
 * `PATCH /api/projects/:id/updates/:updateId`: a new rollout percentage (raising it keeps every
 * install already in: the cohorts are sticky) or paused / resumed. A rolled-back update stays
 * withdrawn whatever is changed.
 */
export async function changeUpdate(options: {
  db: Db;
  userId: string;
  projectId: string;
  updateId: string;
  change: UpdateChangeInput;
}): Promise<Update> {
  const { db, projectId, updateId } = options;
  await requireUpdateOwner(db, options);
  const { change } = options;
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(updates)
      .set(
        "rolloutPercent" in change
          ? { rolloutPercent: change.rolloutPercent }
          : { paused: change.paused },
      )
      .where(and(eq(updates.id, updateId), eq(updates.projectId, projectId)))
      .returning({ id: updates.id });
    if (!changed) throw AppError.notFound(UpdatesTexts.updateNotFound);
    await recordAudit(tx, {
      actorId: options.userId,
      projectId,
      ...("rolloutPercent" in change
        ? {
            action: "update.rollout-changed",
            details: { updateId, rolloutPercent: change.rolloutPercent },
          }
        : { action: change.paused ? "update.paused" : "update.resumed", details: { updateId } }),
    });
  });
  channelCache.clear();
  const [row] = await updatesWithCounts(db, projectId, updateId);
  const [channel] = row
    ? await db
        .select({ name: updateChannels.name })
        .from(updateChannels)
        .where(eq(updateChannels.id, row.update.channelId))
    : [];
  if (!row || !channel) throw AppError.notFound(UpdatesTexts.updateNotFound);
  return toUpdate(row.update, channel.name, countsOf(row));
}

/**
 * `POST /api/projects/:id/channels/:channel/rollback`: withdraws the channel's updates newer
 * than `to` (an earlier, live update of the channel), or all of them for "embedded" (installs
 * then return to their build's embedded bundle). Withdrawn updates are never offered again;
 * installs on them move to the target at their next check.
 */
export async function rollbackChannel(options: {
  db: Db;
  userId: string;
  projectId: string;
  channel: string;
  input: RollbackInput;
}): Promise<void> {
  const { db, projectId } = options;
  await db.transaction(async (tx) => {
    await requireOwnedProject(tx, {
      userId: options.userId,
      projectId,
      notFound: UpdatesTexts.channelNotFound,
    });
    const [channel] = await tx
      .select({ id: updateChannels.id })
      .from(updateChannels)
      .where(and(eq(updateChannels.projectId, projectId), eq(updateChannels.name, options.channel)))
      .for("update");
    if (!channel) throw AppError.notFound(UpdatesTexts.channelNotFound);
    const live = and(eq(updates.channelId, channel.id), isNull(updates.rolledBackAt));
    await recordAudit(tx, {
      actorId: options.userId,
      projectId,
      action: "update.rolled-back",
      details: { channel: options.channel, to: options.input.to },
    });
    if (options.input.to === "embedded") {
      await tx.update(updates).set({ rolledBackAt: sql`now()` }).where(live);
      await tx
        .update(updateChannels)
        .set({ embeddedAt: sql`now()` })
        .where(eq(updateChannels.id, channel.id));
      return;
    }
    const [target] = await tx
      .select({ id: updates.id, rolledBackAt: updates.rolledBackAt })
      .from(updates)
      .where(and(eq(updates.channelId, channel.id), eq(updates.id, options.input.to)));
    if (!target) throw AppError.notFound(UpdatesTexts.rollbackTargetNotFound);
    if (target.rolledBackAt) throw AppError.conflict(UpdatesTexts.rollbackTargetRolledBack);
    await tx
      .update(updates)
      .set({ rolledBackAt: sql`now()` })
      .where(
        and(
          live,
          // Compared in the database: a JS Date would drop the microseconds.
          sql`(${updates.createdAt}, ${updates.id}) > (select u.created_at, u.id from updates u where u.id = ${target.id})`,
        ),
      );
  });
  channelCache.clear();
}
