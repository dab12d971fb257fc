import type { Update, UpdateCounts } from "@hybridge/shared/updates/schemas";
import type { updates } from "../../platform/db/schema";

export const NO_COUNTS: UpdateCounts = {
  asked: 0,
  downloaded: 0,
  applied: 0,
  ready: 0,
  failed: 0,
  rolledBack: 0,
};

/** An update row as the owner's routes show it. */
export function toUpdate(
  row: typeof updates.$inferSelect,
  channel: string,
  counts: UpdateCounts = NO_COUNTS,
): Update {
  return {
    id: row.id,
    channel,
    message: row.message,
    runtimeVersion: row.runtimeVersion,
    rolloutPercent: row.rolloutPercent,
    paused: row.paused,
    rolledBackAt: row.rolledBackAt?.toISOString() ?? null,
    size: row.size,
    sha256: row.sha256,
    createdAt: row.createdAt.toISOString(),
    counts,
  };
}
