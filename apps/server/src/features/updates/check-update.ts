import { inCohort } from "@hybridge/shared/updates/rollout";
import {
  type UpdateCheckInput,
  type UpdateCheckResponse,
  updateBundlePath,
} from "@hybridge/shared/updates/schemas";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects, updateChannels, updateInstalls, updates } from "../../platform/db/schema";
import { askedRows, type CachedChannel, type CachedUpdate, channelCache } from "./update-cache";

/** How many of a channel's newest updates the check looks at. */
const CHANNEL_WINDOW = 200;

/** The channel's updates, newest first (one query; cached a few seconds). */
async function readChannel(db: Db, appKey: string, channel: string): Promise<CachedChannel> {
  const cached = channelCache.get(appKey, channel);
  if (cached !== undefined) return cached;
  const rows = await db
    .select({
      embeddedAt: updateChannels.embeddedAt,
      id: updates.id,
      runtimeVersion: updates.runtimeVersion,
      rolloutPercent: updates.rolloutPercent,
      paused: updates.paused,
      rolledBackAt: updates.rolledBackAt,
      size: updates.size,
      sha256: updates.sha256,
      signature: updates.signature,
    })
    .from(projects)
    .innerJoin(
      updateChannels,
      and(eq(updateChannels.projectId, projects.id), eq(updateChannels.name, channel)),
    )
    .leftJoin(updates, eq(updates.channelId, updateChannels.id))
    .where(eq(projects.keyApp, appKey))
    .orderBy(desc(updates.createdAt), desc(updates.id))
    .limit(CHANNEL_WINDOW);
  const first = rows[0];
  const value: CachedChannel = first
    ? {
        embeddedAt: first.embeddedAt,
        updates: rows.flatMap((row): CachedUpdate[] =>
          row.id === null
            ? []
            : [
                {
                  id: row.id,
                  runtimeVersion: row.runtimeVersion ?? "",
                  rolloutPercent: row.rolloutPercent ?? 0,
                  paused: row.paused ?? false,
                  rolledBack: row.rolledBackAt !== null,
                  size: row.size ?? 0,
                  sha256: row.sha256 ?? "",
                  signature: row.signature ?? "",
                },
              ],
        ),
      }
    : null;
  channelCache.set(appKey, channel, value);
  return value;
}

/**
 * The pure decision of the check (decision 051), given the channel's updates newest first.
 * Candidates: same runtime version, not rolled back. The target is the first candidate that is
 * the install's current update (an install keeps a live update it has), or, not paused, has
 * the install in its cohort. No target while the install runs an update the channel withdrew
 * (rolled back, or unknown after a rollback to the embedded bundle): back to embedded.
 */
export function decide(
  channel: CachedChannel,
  input: Pick<UpdateCheckInput, "runtimeVersion" | "currentUpdateId" | "installId">,
): { target: CachedUpdate | null; embedded: boolean } {
  if (!channel) return { target: null, embedded: false };
  const current = input.currentUpdateId?.toLowerCase() ?? null;
  const target =
    channel.updates.find(
      (update) =>
        update.runtimeVersion === input.runtimeVersion &&
        !update.rolledBack &&
        (update.id === current ||
          (!update.paused && inCohort(input.installId, update.id, update.rolloutPercent))),
    ) ?? null;
  if (target || current === null) return { target, embedded: false };
  const known = channel.updates.find((update) => update.id === current);
  const withdrawn = known ? known.rolledBack : channel.embeddedAt !== null;
  return { target: null, embedded: withdrawn };
}

/**
 * `POST /api/v1/updates/check`: at most two queries — the channel's list (usually cached) and,
 * when this process offers the update to the install for the first time, its "asked" row. An
 * unknown app key or channel is `{ update: null, embedded: false }`, never an error: a phone must
 * not retry in a loop.
 */
export async function checkUpdate(options: {
  db: Db;
  publicUrl: string;
  input: UpdateCheckInput;
}): Promise<UpdateCheckResponse> {
  const { db, input } = options;
  const channel = await readChannel(db, input.appKey, input.channel);
  const { target, embedded } = decide(channel, input);
  if (!target || target.id === input.currentUpdateId?.toLowerCase()) {
    return { update: null, embedded };
  }
  if (!askedRows.has(target.id, input.installId)) {
    await db
      .insert(updateInstalls)
      .values({
        updateId: target.id,
        installId: input.installId,
        state: "asked",
        askedAt: sql`now()`,
      })
      .onConflictDoNothing();
    askedRows.add(target.id, input.installId);
  }
  return {
    update: {
      id: target.id,
      url: `${options.publicUrl}${updateBundlePath(target.id)}`,
      sha256: target.sha256,
      signature: target.signature,
      size: target.size,
    },
    embedded: false,
  };
}
