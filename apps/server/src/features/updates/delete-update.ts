import { UpdatesTexts } from "@hybridge/shared/updates/texts";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db } from "../../platform/db/client";
import { storedFiles, updates } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { releaseProjectBytes } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import { requireUpdateOwner } from "./owner-updates";
import { channelCache } from "./update-cache";

/**
 * Whether no install can still need the update (decision 056): it was rolled back (never offered
 * again), or a newer update of its channel and runtime version is live, not paused and at 100 %
 * (every install that checks moves to it, and the check never offers an older one after it).
 */
const noLongerNeeded = sql`(${updates.rolledBackAt} is not null or exists (
  select 1 from updates n
  where n.channel_id = ${updates.channelId}
    and n.runtime_version = ${updates.runtimeVersion}
    and n.rolled_back_at is null and not n.paused and n.rollout_percent = 100
    and (n.created_at, n.id) > (${updates.createdAt}, ${updates.id})
))`;

/**
 * `DELETE /api/projects/:id/updates/:updateId`: removes an update no install needs any more —
 * its row and its installs' rows, its stored file's row and its bytes in the project's storage in
 * one transaction, the file itself after the commit (like a bundle's deletion). Another update
 * is refused with 409 saying why.
 */
export async function deleteUpdate(options: {
  db: Db;
  storage: Storage;
  userId: string;
  projectId: string;
  updateId: string;
}): Promise<void> {
  const { db, projectId, updateId } = options;
  await requireUpdateOwner(db, options);
  const fileKey = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ needless: sql<boolean>`${noLongerNeeded}` })
      .from(updates)
      .where(and(eq(updates.id, updateId), eq(updates.projectId, projectId)))
      .for("update");
    if (!row) throw AppError.notFound(UpdatesTexts.updateNotFound);
    if (!row.needless) throw AppError.conflict(UpdatesTexts.updateStillNeeded);
    const [deleted] = await tx
      .delete(updates)
      .where(eq(updates.id, updateId))
      .returning({ fileKey: updates.fileKey, size: updates.size });
    if (!deleted) throw AppError.notFound(UpdatesTexts.updateNotFound);
    await tx.delete(storedFiles).where(eq(storedFiles.key, deleted.fileKey));
    await releaseProjectBytes(tx, projectId, deleted.size);
    await recordAudit(tx, {
      actorId: options.userId,
      projectId,
      action: "update.deleted",
      details: { updateId },
    });
    return deleted.fileKey;
  });
  channelCache.clear();
  await options.storage.remove(fileKey).catch(() => {});
}
