import { inArray } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "./db/client";
import { storedFiles } from "./db/schema";
import type { Storage } from "./storage";
import { lockStoredFiles } from "./stored-files";

/** Keys looked up (and removed) per transaction. */
const BATCH_SIZE = 500;

/** How many files were removed. */
export type SweepResult = { removed: number };

/**
 * Removes the files that no stored_files row records, once they are older than `minAgeMs`: what
 * a crash (or a failed clean-up) left between a file's write and its row's commit, and the
 * `.partial` leftovers of writes that never finished. A row is what keeps a file, so a file
 * whose row exists is never removed, whatever its age — and the age keeps the files of requests
 * still under way (written, their row not committed yet).
 *
 * Storage is listed once, as a stream; every batch of old enough keys is then one transaction:
 * the exclusive stored-files lock (which waits for the transactions recording files to end),
 * one query for the rows the batch has, and the removal of the others. A row committed after
 * the listing is therefore seen; a writer that comes after the removal finds its file gone and
 * fails instead of recording it (recordStoredFiles).
 */
export async function sweepUnrecordedFiles(options: {
  db: Db;
  storage: Storage;
  minAgeMs: number;
  now?: Date;
  /** Checked between batches: a closing server stops early. */
  stopped?: () => boolean;
}): Promise<SweepResult> {
  const { db, storage, minAgeMs } = options;
  const cutoff = (options.now ?? new Date()).getTime() - minAgeMs;
  let removed = 0;

  const sweepBatch = async (keys: string[]) => {
    const count = await db.transaction(async (tx) => {
      await lockStoredFiles(tx, "exclusive");
      const rows = await tx
        .select({ key: storedFiles.key })
        .from(storedFiles)
        .where(inArray(storedFiles.key, keys));
      const recorded = new Set(rows.map((row) => row.key));
      const unrecorded = keys.filter((key) => !recorded.has(key));
      for (const key of unrecorded) await storage.remove(key);
      return unrecorded.length;
    });
    removed += count;
  };

  let batch: string[] = [];
  for await (const file of storage.list()) {
    if (options.stopped?.()) return { removed };
    if (file.modifiedAt.getTime() > cutoff) continue;
    batch.push(file.key);
    if (batch.length === BATCH_SIZE) {
      await sweepBatch(batch);
      batch = [];
    }
  }
  if (batch.length > 0 && !options.stopped?.()) await sweepBatch(batch);
  return { removed };
}

export type FileSweeper = { stop: () => Promise<void> };

/**
 * Sweeps now, then every `intervalMs` (a sweep still under way skips the tick); a failed sweep
 * is logged and the next one tries again. `stop` cancels the next sweeps and waits for the one
 * under way, so that the database can be closed after it.
 */
export function startFileSweeper(options: {
  db: Db;
  storage: Storage;
  minAgeMs: number;
  intervalMs: number;
  log: FastifyBaseLogger;
}): FileSweeper {
  const { log } = options;
  let stopped = false;
  let current: Promise<void> | null = null;

  const run = () => {
    if (stopped || current) return;
    current = sweepUnrecordedFiles({ ...options, stopped: () => stopped })
      .then(({ removed }) => {
        if (removed > 0) log.info({ removed }, "removed files that no stored_files row records");
      })
      .catch((error) => log.error({ err: error }, "sweeping unrecorded files failed"))
      .finally(() => {
        current = null;
      });
  };

  run();
  const timer = setInterval(run, options.intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
