import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it, vi } from "vitest";
import { createLiveHub, type LiveEvent } from "../../platform/live";
import { createUpdatesWatcher, projectUpdatesChannel } from "./watch-updates";

const log = { warn: () => {}, error: () => {} } as unknown as FastifyBaseLogger;

/** A watcher on a fake LISTEN whose notifications the test sends. */
function setUp() {
  let notify: (payload: string) => void = () => {};
  const listen = vi.fn(async (_channel: string, onNotify: (payload: string) => void) => {
    notify = onNotify;
    return async () => {};
  });
  const live = createLiveHub();
  const watcher = createUpdatesWatcher({ listen, live, log, debounceMs: 50 });
  return { watcher, live, listen, notify: (payload: string) => notify(payload) };
}

describe("the updates watcher", () => {
  it("gathers a burst of one project's notifications into one event, and ignores unwatched projects", async () => {
    const { watcher, live, listen, notify } = setUp();
    const release = await watcher.watch("p1");
    await watcher.watch("p1");
    expect(listen).toHaveBeenCalledTimes(1);
    const seen: LiveEvent[] = [];
    const other: LiveEvent[] = [];
    live.subscribe(projectUpdatesChannel("p1"), (event) => seen.push(event));
    live.subscribe(projectUpdatesChannel("p2"), (event) => other.push(event));
    for (let i = 0; i < 1000; i += 1) notify("p1");
    notify("p2");
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(seen).toEqual([{ type: "updates-changed" }]);
    expect(other).toEqual([]);
    // Another burst later: one more event.
    notify("p1");
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(seen).toHaveLength(2);
    release();
    release();
    await watcher.close();
  });

  it("stops telling a project once its last viewer left", async () => {
    const { watcher, live, notify } = setUp();
    const release = await watcher.watch("p1");
    const seen: LiveEvent[] = [];
    live.subscribe(projectUpdatesChannel("p1"), (event) => seen.push(event));
    notify("p1");
    release();
    await new Promise((resolve) => setTimeout(resolve, 120));
    notify("p1");
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(seen).toEqual([]);
    await watcher.close();
  });
});
