import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildEvents } from "@hybridge/shared/builds/schemas";
import { desc, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../../platform/db/client";
import { createListener } from "../../platform/db/listener";
import { builds } from "../../platform/db/schema";
import type { LiveHub } from "../../platform/live";
import { projectBuildsChannel } from "./build-events";
import { queueFields, toBuild } from "./build-view";

/** The channel the builds table's trigger notifies, with the project id (migration 0002). */
const BUILD_CHANGES_CHANNEL = "build_changes";

/** Each platform's latest build of a project, in one query. */
export async function findLatestBuilds(db: Db, projectId: string): Promise<Build[]> {
  const rows = await db
    .selectDistinctOn([builds.platform], { row: builds, ...queueFields() })
    .from(builds)
    .where(eq(builds.projectId, projectId))
    .orderBy(builds.platform, desc(builds.dateGenerate), desc(builds.version));
  return rows.map((found) => toBuild(found.row, found));
}

type Watch = {
  viewers: number;
  changed: () => void;
  /** What was last announced (or sent as a snapshot) per platform, as JSON. */
  announced: Map<string, string>;
};

/** One viewer's watch: its own snapshot to send, and the release when it leaves. */
export type Watching = { snapshot: () => Promise<Build[]>; release: () => void };

/**
 * Keeps open project pages up to date. A trigger on the builds table notifies every change —
 * made by our services, a build worker or an operator in the database, from this process or
 * another — on BUILD_CHANGES_CHANNEL with the project id. While at least one page streams a
 * project's events, each such notification re-reads that project's latest builds (one query,
 * shared by all its viewers) and announces on the live hub the platforms whose latest build
 * differs from what was last announced. A viewer who joins reads its own snapshot (one query)
 * and gets it on its own stream: a join sends nothing to the other viewers.
 */
export function createLatestBuildsWatcher(options: {
  db: Db;
  listen: Database["listen"];
  live: LiveHub;
  log: FastifyBaseLogger;
}) {
  const { db, listen, live, log } = options;
  const watches = new Map<string, Watch>();
  const listener = createListener({
    listen,
    channel: BUILD_CHANGES_CHANNEL,
    onNotify: (projectId) => watches.get(projectId)?.changed(),
    // Changes may have been missed: every watched project's latest builds are read again, and
    // what differs from the last announcement is announced.
    onRelisten: () => {
      for (const watch of watches.values()) watch.changed();
    },
    log,
  });

  function start(projectId: string): Watch {
    const channel = projectBuildsChannel(projectId);
    const announced = new Map<string, string>();
    let reading = false;
    let again = false;

    const readOnce = async () => {
      const latest = await findLatestBuilds(db, projectId);
      for (const build of latest) {
        const state = JSON.stringify(build);
        if (announced.get(build.platform) !== state) {
          announced.set(build.platform, state);
          live.publish(channel, { type: BuildEvents.changed, data: build });
        }
      }
    };
    // One read at a time, in order: a notification that arrives during a read asks for one
    // more, so the last announcement is always the state after the last change.
    const changed = () => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      void (async () => {
        do {
          again = false;
          try {
            await readOnce();
          } catch (error) {
            log.warn({ err: error, projectId }, "reading the latest builds failed");
          }
        } while (again && watches.get(projectId)?.changed === changed);
        reading = false;
      })();
    };
    return { viewers: 0, changed, announced };
  }

  return {
    /**
     * Watches the project until `release` is called (once per viewer). Resolves once
     * notifications are listened to, so a snapshot read afterwards misses nothing: a change
     * committed after it is announced (a change racing with it may come twice, never go back).
     * The snapshot also tells the watch what the viewers have seen, so the next change
     * announces only the platforms it changed.
     */
    async watch(projectId: string): Promise<Watching> {
      let watch = watches.get(projectId);
      if (!watch) {
        watch = start(projectId);
        watches.set(projectId, watch);
      }
      watch.viewers += 1;
      let released = false;
      const current = watch;
      await listener.ready();
      return {
        snapshot: async () => {
          const latest = await findLatestBuilds(db, projectId);
          for (const build of latest) {
            if (!current.announced.has(build.platform)) {
              current.announced.set(build.platform, JSON.stringify(build));
            }
          }
          return latest;
        },
        release: () => {
          if (released) return;
          released = true;
          current.viewers -= 1;
          if (current.viewers === 0 && watches.get(projectId) === current) {
            watches.delete(projectId);
          }
        },
      };
    },
    /** How many projects are watched (for tests). */
    size: () => watches.size,
    async close() {
      watches.clear();
      await listener.close();
    },
  };
}
