import { mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import { backup } from "./backup";
import { nextRun } from "./cron";

const NAME = /^hybridge-\d{8}-\d{6}\.zip$/;

type Options = {
  config: Pick<Config, "dataDir" | "databaseUrl" | "storage">;
  backup: NonNullable<Config["backup"]>;
  snapshot: () => Promise<Blob>;
  log: FastifyBaseLogger;
};

/**
 * One scheduled backup (decision 061): `BACKUP_DIR/hybridge-<date>-<time>.zip`, then the oldest
 * beyond BACKUP_KEEP removed. The embedded database's DATA_DIR is locked by one server, so one
 * instance makes them.
 */
export async function runScheduledBackup(options: Options, now = new Date()): Promise<string> {
  const { dir, keep } = options.backup;
  mkdirSync(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:]/g, "").replace("T", "-").slice(0, 15);
  const file = path.join(dir, `hybridge-${stamp}.zip`);
  await backup(options.config, file, (line) => options.log.debug(line), {
    snapshot: options.snapshot,
  });
  const made = readdirSync(dir)
    .filter((name) => NAME.test(name))
    .sort();
  for (const old of made.slice(0, Math.max(0, made.length - keep))) {
    rmSync(path.join(dir, old), { force: true });
  }
  return file;
}

/** Runs the scheduled backups until stopped; a failed one is logged, the next still runs. */
export function startScheduledBackups(options: Options): { stop: () => Promise<void> } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;
  const plan = () => {
    if (stopped) return;
    const at = nextRun(options.backup.schedule, new Date());
    // Timers hold at most 24.8 days: a later run is planned again on waking.
    const wait = Math.min(at.getTime() - Date.now(), 2 ** 31 - 1);
    timer = setTimeout(() => {
      if (Date.now() < at.getTime()) return plan();
      running = runScheduledBackup(options)
        .then((file) => options.log.info({ file }, "scheduled backup written"))
        .catch((error) => options.log.error({ err: error }, "the scheduled backup failed"))
        .finally(() => {
          running = null;
          plan();
        });
    }, wait);
    timer.unref();
  };
  plan();
  return {
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
