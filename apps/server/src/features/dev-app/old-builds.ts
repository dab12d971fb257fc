import { and, eq, inArray, lt, ne } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { devAppBuilds, storedFiles } from "../../platform/db/schema";
import type { Storage } from "../../platform/storage";
import { devAppBuildKey } from "./dev-app-build-key";

/** How often a running instance says which dev-app build it serves (its build key's row). */
export const DEV_APP_SERVED_INTERVAL_MS = 60 * 60_000;
/**
 * A build that no instance has said it serves for this long is an old one: three missed hours,
 * so that an instance of an older release still running (a rolling deploy) keeps its own.
 */
export const DEV_APP_SERVED_GRACE_MS = 3 * DEV_APP_SERVED_INTERVAL_MS;

/** This instance serves the row of its build key: it says so (served_at). */
export async function markDevAppServed(db: Db, buildKey: string, now: Date = new Date()) {
  await db.update(devAppBuilds).set({ servedAt: now }).where(eq(devAppBuilds.buildKey, buildKey));
}

/**
 * Removes the dev app's old builds: the rows of other build keys, ready or failed (a build
 * under way is its instance's), that no instance has said it serves for DEV_APP_SERVED_GRACE_MS,
 * with their APKs and stored_files rows. The current key's row is never touched; a file another
 * remaining row still names is kept. Rows first, files after the commit (as a bundle's
 * deletion): from the moment the row is gone no instance serves its file.
 */
export async function removeOldDevAppBuilds(options: {
  db: Db;
  storage: Storage;
  /** The build key this instance serves. */
  buildKey: string;
  now?: Date;
}): Promise<{ rows: number; files: number }> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - DEV_APP_SERVED_GRACE_MS);
  const { rows, files } = await options.db.transaction(async (tx) => {
    const gone = await tx
      .delete(devAppBuilds)
      .where(
        and(
          ne(devAppBuilds.buildKey, options.buildKey),
          inArray(devAppBuilds.state, ["ready", "failed"]),
          lt(devAppBuilds.servedAt, cutoff),
        ),
      )
      .returning({ fileKey: devAppBuilds.fileKey });
    const keys = [...new Set(gone.flatMap((row) => (row.fileKey ? [row.fileKey] : [])))];
    if (keys.length === 0) return { rows: gone.length, files: [] };
    const named = await tx
      .select({ fileKey: devAppBuilds.fileKey })
      .from(devAppBuilds)
      .where(inArray(devAppBuilds.fileKey, keys));
    const stillNamed = new Set(named.map((row) => row.fileKey));
    const removable = keys.filter((key) => !stillNamed.has(key));
    if (removable.length > 0) {
      await tx.delete(storedFiles).where(inArray(storedFiles.key, removable));
    }
    return { rows: gone.length, files: removable };
  });
  for (const key of files) await options.storage.remove(key).catch(() => {});
  return { rows, files: files.length };
}

/**
 * Every instance, from its start and every hour: says it serves its build key's row, then
 * removes the old builds (an older release's, once its last instance is gone). A failure is
 * logged and tried again at the next tick; `stop` ends the ticks and waits for one under way.
 */
export function startDevAppUpkeep(options: {
  db: Db;
  storage: Storage;
  publicUrl: string;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): { stop: () => Promise<void> } {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = (async () => {
      const buildKey = await devAppBuildKey(options.publicUrl);
      await markDevAppServed(options.db, buildKey);
      const removed = await removeOldDevAppBuilds({ ...options, buildKey });
      if (removed.rows > 0) options.log.info(removed, "old dev app builds removed");
    })()
      .catch((error) => options.log.error({ err: error }, "the dev app's upkeep failed"))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const timer = setInterval(tick, options.intervalMs ?? DEV_APP_SERVED_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
