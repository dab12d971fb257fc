import { ErrorCodes } from "@hybridge/shared/common/errors";
import { QuotaTexts } from "@hybridge/shared/projects/texts";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "./db/client";
import { projectStorage, user } from "./db/schema";
import { AppError } from "./errors";

/**
 * Takes the account's row until the end of the transaction (FOR NO KEY UPDATE: rows that
 * reference the account can still be written meanwhile). What counts an account's things before
 * adding one — projects, builds in the queue — runs under it, so that two requests at once
 * cannot both pass the limit (decision 035).
 */
export async function lockAccount(tx: Tx, userId: string) {
  await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("no key update");
}

/** The project's storage is full: what its owner is told (409). */
export const storageFull = (maxBytes: number) =>
  new AppError(ErrorCodes.CONFLICT, QuotaTexts.storageFull(Math.round(maxBytes / 1024 / 1024)));

/**
 * Counts `bytes` more in the project's storage, in the caller's transaction (the one that
 * records the file), and refuses past `maxBytes`: one statement — the project's first file
 * makes its row, later ones raise it only while the sum stays within the limit — so two uploads
 * committing at once cannot pass it together (the second waits for the first's row). `bytes`
 * may be negative (a bundle pruned in the same transaction frees its place).
 */
export async function reserveProjectBytes(
  tx: Tx,
  options: { projectId: string; bytes: number; maxBytes: number },
) {
  const { projectId, bytes, maxBytes } = options;
  const counted = await tx
    .insert(projectStorage)
    .values({ projectId, bytes: Math.max(0, bytes) })
    .onConflictDoUpdate({
      target: projectStorage.projectId,
      set: { bytes: sql`greatest(${projectStorage.bytes} + ${bytes}, 0)` },
      setWhere: sql`${bytes} <= 0 or ${projectStorage.bytes} + ${bytes} <= ${maxBytes}`,
    })
    .returning({ bytes: projectStorage.bytes });
  if (counted.length === 0 || (counted[0]?.bytes ?? 0) > maxBytes) {
    // Over the limit (a first file larger than it is inserted, then refused here: the
    // transaction's rollback removes its row).
    if (bytes > 0) throw storageFull(maxBytes);
  }
}

/** Gives back the place of deleted files (the caller's transaction deletes their rows). */
export async function releaseProjectBytes(tx: Tx, projectId: string, bytes: number) {
  if (bytes <= 0) return;
  await tx
    .update(projectStorage)
    .set({ bytes: sql`greatest(${projectStorage.bytes} - ${bytes}, 0)` })
    .where(eq(projectStorage.projectId, projectId));
}

/**
 * How many bytes the project may still take: checked before an upload streams (a full project
 * is refused at once, and an upload is cut off past what is left); the count at commit
 * (reserveProjectBytes) is what decides.
 */
export async function projectBytesLeft(db: Db | Tx, projectId: string, maxBytes: number) {
  const [row] = await db
    .select({ bytes: projectStorage.bytes })
    .from(projectStorage)
    .where(eq(projectStorage.projectId, projectId));
  return Math.max(0, maxBytes - (row?.bytes ?? 0));
}
