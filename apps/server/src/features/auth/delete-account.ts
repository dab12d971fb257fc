import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { storedFiles, user } from "../../platform/db/schema";
import type { Storage } from "../../platform/storage";

/**
 * Deletes a user and everything the user owns in one transaction: the user row cascades to
 * sessions, accounts, projects (with their settings, database document, builds, counters and
 * modules links), test configuration, comments, evaluation and file records. The files
 * themselves are removed from storage once the transaction has committed, so a failure
 * never leaves rows pointing at missing files.
 */
export async function deleteAccount(options: { db: Db; storage: Storage; userId: string }) {
  const { db, storage, userId } = options;
  const fileKeys = await db.transaction(async (tx) => {
    const files = await tx
      .select({ key: storedFiles.key })
      .from(storedFiles)
      .where(eq(storedFiles.ownerId, userId));
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    return deleted.length > 0 ? files.map((f) => f.key) : [];
  });
  await Promise.allSettled(fileKeys.map((key) => storage.remove(key)));
}
