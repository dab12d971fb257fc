import { UpdatesEvents } from "@hybridge/shared/updates/schemas";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../platform/db/client";
import { createListener } from "../../platform/db/listener";
import type { LiveHub } from "../../platform/live";

/** The channel the updates tables' triggers notify, with the project id (migration 0024). */
const UPDATE_CHANGES_CHANNEL = "update_changes";
/**
 * How long notifications of one project are gathered into one event: a thousand installs
 * checking at once make one refresh per viewer per interval, not a thousand.
 */
export const UPDATES_DEBOUNCE_MS = 1000;

export const projectUpdatesChannel = (projectId: string) => `project:${projectId}:updates`;

/**
 * Keeps open Updates sections current (decision 055). Triggers on updates, update_channels and
 * update_installs notify every change — a check or report from a phone, a deploy, a rollout or
 * rollback, from this process or another — with the project id. While at least one page streams
 * a project's updates, its notifications are gathered for UPDATES_DEBOUNCE_MS and announced as
 * one `updates-changed` event (no data, no query here): each page then reads its list again
 * (three queries, whatever the number of updates).
 */
export function createUpdatesWatcher(options: {
  listen: Database["listen"];
  live: LiveHub;
  log: FastifyBaseLogger;
  debounceMs?: number;
}) {
  const { listen, live, log, debounceMs = UPDATES_DEBOUNCE_MS } = options;
  const watches = new Map<string, { viewers: number; timer?: NodeJS.Timeout }>();
  const changed = (projectId: string) => {
    const watch = watches.get(projectId);
    if (!watch || watch.timer) return;
    watch.timer = setTimeout(() => {
      watch.timer = undefined;
      live.publish(projectUpdatesChannel(projectId), { type: UpdatesEvents.changed });
    }, debounceMs);
  };
  const listener = createListener({
    listen,
    channel: UPDATE_CHANGES_CHANNEL,
    onNotify: changed,
    // Notifications may have been missed: every open section reads its list again.
    onRelisten: () => {
      for (const projectId of watches.keys()) changed(projectId);
    },
    log,
  });

  return {
    /** Watches the project until the returned release; resolves once the LISTEN is in place. */
    async watch(projectId: string): Promise<() => void> {
      const watch = watches.get(projectId) ?? { viewers: 0 };
      watch.viewers += 1;
      watches.set(projectId, watch);
      await listener.ready();
      let released = false;
      return () => {
        if (released) return;
        released = true;
        watch.viewers -= 1;
        if (watch.viewers === 0) {
          clearTimeout(watch.timer);
          watches.delete(projectId);
        }
      };
    },
    async close() {
      for (const watch of watches.values()) clearTimeout(watch.timer);
      watches.clear();
      await listener.close();
    },
  };
}
