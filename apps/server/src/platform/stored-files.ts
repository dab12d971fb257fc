import { sql } from "drizzle-orm";
import type { Tx } from "./db/client";
import { storedFiles } from "./db/schema";
import type { Storage } from "./storage";

/**
 * The transaction-level advisory lock between the writers of stored_files rows (shared) and the
 * sweep of unrecorded files (exclusive, file-sweep.ts). An arbitrary number, used for nothing
 * else.
 */
const STORED_FILES_LOCK = 4_871_220_316;

/** Takes the stored-files lock until the end of the transaction. */
export async function lockStoredFiles(tx: Tx, mode: "shared" | "exclusive") {
  const lock = mode === "shared" ? "pg_advisory_xact_lock_shared" : "pg_advisory_xact_lock";
  await tx.execute(sql`select ${sql.raw(lock)}(${sql.raw(String(STORED_FILES_LOCK))})`);
}

/** The file has left storage before its row was written (see recordStoredFiles). */
export class StoredFileMissingError extends Error {
  constructor(readonly key: string) {
    super(`stored file ${key} is no longer in storage`);
  }
}

/**
 * Writes the stored_files rows of files just put in storage, in the caller's transaction — the
 * row is what keeps a file: the sweep removes a file that has none once it is old enough. Under
 * the shared lock, each file is first checked to still be there: the sweep removes files under
 * the exclusive lock, so either it ran before (the file is gone, and this fails rather than
 * record a missing file) or it runs after the commit and finds the row. Call it early in the
 * transaction, before locking rows that a writer holding this lock might wait for.
 */
export async function recordStoredFiles(
  tx: Tx,
  storage: Storage,
  files: (typeof storedFiles.$inferInsert)[],
) {
  if (files.length === 0) return;
  await lockStoredFiles(tx, "shared");
  for (const file of files) {
    if (!(await storage.exists(file.key))) throw new StoredFileMissingError(file.key);
  }
  await tx.insert(storedFiles).values(files);
}
