import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { and, eq, isNull, lte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { recordAudit } from "../../platform/audit";
import { forgetDatabaseKey } from "../../platform/database-key";
import type { Db } from "../../platform/db/client";
import { projectSettings } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { inOwnedProject } from "../../platform/owned-project";
import { type DatabaseKey, newDatabaseKey } from "./ids";

/**
 * How long a new project's key waits, sealed, for the settings page to show it (decision 013).
 * The page is opened right after creation; a key still unseen after this is dropped, and the
 * first view then issues a new one.
 */
export const KEY_SEAL_HOURS = 24;
export const keySealedUntil = () => sql`now() + make_interval(hours => ${KEY_SEAL_HOURS})`;

/**
 * The settings page's data. The first view reveals the database key and forgets it, in one
 * transaction: `UPDATE … SET database_key_sealed = NULL, key_revealed_at = now() WHERE id = …
 * AND key_revealed_at IS NULL RETURNING` the sealed key from before the update, then opens it
 * (AES-256-GCM under the server's secret, bound to the project id). Two simultaneous first views
 * cannot both get it: the second waits for the first's row lock, then finds key_revealed_at set
 * and updates nothing. Later views get `databaseKey: null`.
 *
 * A first view that finds no key to open (kept past KEY_SEAL_HOURS, sealed under another
 * secret, or made before keys were sealed) issues a new key in the same transaction: the old one
 * was never shown, so nobody can be using it.
 */
export async function viewProjectSettings(options: {
  db: Db;
  keySeal: Encryption;
  userId: string;
  projectId: string;
  newKey?: () => DatabaseKey;
}) {
  const { db, keySeal, userId, projectId } = options;
  const before = alias(projectSettings, "before");
  return db.transaction(async (tx) => {
    const [revealed] = await tx
      .update(projectSettings)
      .set({ databaseKeySealed: null, databaseKeySealedUntil: null, keyRevealedAt: sql`now()` })
      .from(before)
      .where(
        and(
          eq(projectSettings.id, projectId),
          isNull(projectSettings.keyRevealedAt),
          eq(before.id, projectSettings.id),
          inOwnedProject(projectSettings.id, userId),
        ),
      )
      .returning({
        sealed: before.databaseKeySealed,
        fresh: sql<boolean>`coalesce(${before.databaseKeySealedUntil} > now(), false)`,
      });

    let databaseKey: string | null = null;
    if (revealed) {
      databaseKey =
        revealed.sealed && revealed.fresh ? keySeal.decrypt(revealed.sealed, projectId) : null;
      if (databaseKey === null) {
        const key = (options.newKey ?? newDatabaseKey)();
        await tx
          .update(projectSettings)
          .set({ databaseKeyHash: key.hash, databaseKeyPrefix: key.prefix })
          .where(eq(projectSettings.id, projectId));
        databaseKey = key.key;
      }
    }

    const [row] = await tx
      .select()
      .from(projectSettings)
      .where(and(eq(projectSettings.id, projectId), inOwnedProject(projectSettings.id, userId)))
      .limit(1);
    if (!row) throw AppError.notFound(ProjectsTexts.settingsNotFound);
    return { row, databaseKey };
  });
}

/**
 * A new database key for the project: a new hash and display prefix (the old key stops
 * authorising at once). The clear key is in this answer only; it is never stored, not even
 * sealed.
 */
export async function regenerateDatabaseKey(options: {
  db: Db;
  userId: string;
  projectId: string;
  newKey?: () => DatabaseKey;
}) {
  const { db, userId, projectId } = options;
  const key = (options.newKey ?? newDatabaseKey)();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(projectSettings)
      .set({
        databaseKeyHash: key.hash,
        databaseKeyPrefix: key.prefix,
        databaseKeySealed: null,
        databaseKeySealedUntil: null,
        keyRevealedAt: sql`now()`,
      })
      .where(and(eq(projectSettings.id, projectId), inOwnedProject(projectSettings.id, userId)))
      .returning();
    if (!updated) throw AppError.notFound(ProjectsTexts.settingsNotFound);
    await recordAudit(tx, {
      actorId: userId,
      projectId,
      action: "key.regenerated",
      details: { keyPrefix: key.prefix },
    });
    return updated;
  });
  // This server may remember the old key: it stops working here before this answer is sent
  // (other servers hear the change from the database).
  forgetDatabaseKey(db, projectId);
  return { row, databaseKey: key.key };
}

/**
 * The owner's Test Mode switch: off, the project's database key opens nothing (calls answer 401
 * saying so) and the streams opened with it end, on every server (migration 0019's trigger
 * announces it like a new key); on again, the same key works again.
 */
export async function setTestKeyEnabled(options: {
  db: Db;
  userId: string;
  projectId: string;
  enabled: boolean;
}): Promise<{ testKeyEnabled: boolean }> {
  const { db, userId, projectId, enabled } = options;
  const [row] = await db
    .update(projectSettings)
    .set({ testKeyEnabled: enabled })
    .where(and(eq(projectSettings.id, projectId), inOwnedProject(projectSettings.id, userId)))
    .returning({ testKeyEnabled: projectSettings.testKeyEnabled });
  if (!row) throw AppError.notFound(ProjectsTexts.settingsNotFound);
  // As for a new key: this server stops trusting what it remembered before answering.
  forgetDatabaseKey(db, projectId);
  return row;
}

/**
 * Drops the sealed keys kept past KEY_SEAL_HOURS (the first view would no longer open them), so
 * that no key waits at rest longer than that. Returns how many were dropped.
 */
export async function dropUnshownKeys(options: { db: Db }): Promise<number> {
  const dropped = await options.db
    .update(projectSettings)
    .set({ databaseKeySealed: null, databaseKeySealedUntil: null })
    .where(lte(projectSettings.databaseKeySealedUntil, sql`now()`))
    .returning({ id: projectSettings.id });
  return dropped.length;
}
