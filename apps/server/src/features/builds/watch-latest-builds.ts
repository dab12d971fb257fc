import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildEvents } from "@hybridge/shared/builds/schemas";
import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../platform/db/client";
import { builds } from "../../platform/db/schema";
import type { LiveHub } from "../../platform/live";
import { projectBuildsChannel } from "./build-events";
import { toBuild } from "./get-latest-builds";

/** How often a watched project's latest builds are read: changes show within about a second. */
export const WATCH_INTERVAL_MS = 1_000;

/** Each platform's latest build of a project, in one query. */
export async function findLatestBuilds(db: Db, projectId: string): Promise<Build[]> {
  const rows = await db
    .selectDistinctOn([builds.platform])
    .from(builds)
    .where(eq(builds.projectId, projectId))
    .orderBy(builds.platform, desc(builds.dateGenerate), desc(builds.version));
  return rows.map(toBuild);
}

type Watch = { viewers: number; stop: () => void };

/**
 * Our services announce the builds they change, but a build's status also changes outside
 * them (a build worker, an operator in the database). While at least one page streams a
 * project's events, its latest builds are read every second, and any difference from what was
 * last announced is announced too. (A trigger with NOTIFY would replace this polling; it needs
 * a migration.)
 */
export function createLatestBuildsWatcher(options: {
  db: Db;
  live: LiveHub;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  const { db, live, log } = options;
  const intervalMs = options.intervalMs ?? WATCH_INTERVAL_MS;
  const watches = new Map<string, Watch>();

  function start(projectId: string): Watch {
    const channel = projectBuildsChannel(projectId);
    const announced = new Map<string, string>();
    // Bumped by every announcement on the channel, ours or a service's: a read that overlaps
    // one may be older than it, and is dropped (the next read decides).
    let announcements = 0;
    const unsubscribe = live.subscribe(channel, (event) => {
      if (event.type !== BuildEvents.changed) return;
      const build = event.data as Build;
      announcements += 1;
      announced.set(build.platform, JSON.stringify(build));
    });
    let reading = false;
    const read = async () => {
      if (reading) return;
      reading = true;
      const before = announcements;
      try {
        const latest = await findLatestBuilds(db, projectId);
        if (announcements !== before) return;
        for (const build of latest) {
          if (announced.get(build.platform) !== JSON.stringify(build)) {
            live.publish(channel, { type: BuildEvents.changed, data: build });
          }
        }
      } catch (error) {
        log.warn({ err: error, projectId }, "reading the latest builds failed");
      } finally {
        reading = false;
      }
    };
    // The first read announces the current state too: it closes the gap between the page's
    // own fetch and the start of the watch (a repeated state changes nothing on the page).
    void read();
    const timer = setInterval(() => void read(), intervalMs);
    timer.unref();
    return {
      viewers: 0,
      stop: () => {
        clearInterval(timer);
        unsubscribe();
      },
    };
  }

  return {
    /** Watches the project until the returned function is called (once per viewer). */
    watch(projectId: string): () => void {
      let watch = watches.get(projectId);
      if (!watch) {
        watch = start(projectId);
        watches.set(projectId, watch);
      }
      watch.viewers += 1;
      let released = false;
      const current = watch;
      return () => {
        if (released) return;
        released = true;
        current.viewers -= 1;
        if (current.viewers === 0) {
          current.stop();
          if (watches.get(projectId) === current) watches.delete(projectId);
        }
      };
    },
    /** How many projects are watched (for tests). */
    size: () => watches.size,
    close() {
      for (const watch of watches.values()) watch.stop();
      watches.clear();
    },
  };
}
