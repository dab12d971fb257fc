import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { createLiveHub, type LiveEvent } from "../../platform/live";
import { projectBuildsChannel } from "./build-events";
import { seedBuild } from "./test-support";
import { createLatestBuildsWatcher, findLatestBuilds } from "./watch-latest-builds";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

/** How long an announcement may take to arrive, on CI's two loaded cores. */
const SOON = { timeout: 10_000, interval: 20 };
const percentOf = (event: LiveEvent | undefined) =>
  (event?.data as { buildPercent?: string } | undefined)?.buildPercent;

describe("findLatestBuilds", () => {
  it("gives each platform's most recent build in one query", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    expect(await findLatestBuilds(app.deps.db, project.id)).toEqual([]);
    await seedBuild(app, project, {
      platform: "android",
      status: "ready",
      version: 1,
      dateGenerate: new Date(1),
    });
    const android = await seedBuild(app, project, { platform: "android", version: 2 });
    const apple = await seedBuild(app, project, { platform: "apple", version: 1 });
    const latest = await findLatestBuilds(app.deps.db, project.id);
    expect(latest.map((b) => b.id).sort()).toEqual([android.id, apple.id].sort());
  });
});

/** A watcher on its own live hub, and the events the project's channel receives. */
function watching(projectId: string) {
  const live = createLiveHub();
  const events: LiveEvent[] = [];
  live.subscribe(projectBuildsChannel(projectId), (event) => events.push(event));
  const watcher = createLatestBuildsWatcher({
    db: app.deps.db,
    listen: app.deps.listen,
    live,
    log: app.log,
  });
  return { events, watcher };
}

describe("createLatestBuildsWatcher", () => {
  it("announces every change of a watched project's builds, wherever it is made, and stops when released", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const other = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "apple", version: 1 });
    const { events, watcher } = watching(project.id);

    const viewerA = await watcher.watch(project.id);
    expect(watcher.size()).toBe(1);
    // A viewer reads its own snapshot: nothing is announced to the others.
    const snapshot = await viewerA.snapshot();
    expect(snapshot).toEqual([expect.objectContaining({ id: build.id, platform: "apple" })]);
    const viewerB = await watcher.watch(project.id);
    expect(watcher.size()).toBe(1);
    expect(await viewerB.snapshot()).toEqual(snapshot);
    expect(events).toEqual([]);

    // A change behind the services' back, straight in the database: announced at once.
    const changedAt = Date.now();
    await app.deps.db
      .update(schema.builds)
      .set({ status: "building" })
      .where(eq(schema.builds.id, build.id));
    await expect.poll(() => events.length, SOON).toBe(1);
    // Generous: a shared 2-core machine; what matters is that it comes without a read.
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    expect(events[0]).toMatchObject({ type: "build-changed", data: { status: "building" } });

    // A change that leaves the latest builds as they were, or another project's change,
    // announces nothing.
    await seedBuild(app, project, {
      platform: "apple",
      version: 1,
      dateGenerate: new Date(Date.now() - 3_600_000),
    });
    await seedBuild(app, other, { platform: "apple", version: 1 });
    // A marker: a change that is announced. Notifications are handled in commit order, so
    // anything the two inserts announced would come before it.
    await app.deps.db
      .update(schema.builds)
      .set({ buildPercent: "5" })
      .where(eq(schema.builds.id, build.id));
    await expect.poll(() => events.length, SOON).toBeGreaterThanOrEqual(2);
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ type: "build-changed", data: { buildPercent: "5" } });

    viewerA.release();
    viewerA.release();
    expect(watcher.size()).toBe(1);
    viewerB.release();
    expect(watcher.size()).toBe(0);
    await app.deps.db
      .update(schema.builds)
      .set({ status: "published" })
      .where(eq(schema.builds.id, build.id));
    // A new watch's snapshot has the change; the released watch announced nothing.
    const again = await watcher.watch(project.id);
    expect(await again.snapshot()).toEqual([
      expect.objectContaining({ id: build.id, status: "published" }),
    ]);
    // The marker: a change announced by the new watch. The "published" change may come once
    // more before it (its notification can reach the new watch before the snapshot did), but
    // nothing older.
    await app.deps.db
      .update(schema.builds)
      .set({ buildPercent: "6" })
      .where(eq(schema.builds.id, build.id));
    await expect.poll(() => events.map(percentOf), SOON).toContain("6");
    const later = events.slice(2);
    expect(later.at(-1)).toMatchObject({ type: "build-changed", data: { buildPercent: "6" } });
    for (const event of later.slice(0, -1)) {
      expect(event).toMatchObject({ data: { status: "published", buildPercent: "5" } });
    }
    again.release();
    await watcher.close();
  });

  it("ends with the latest state when changes come faster than it reads", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    const { events, watcher } = watching(project.id);
    const viewer = await watcher.watch(project.id);
    await viewer.snapshot();
    for (let percent = 10; percent <= 100; percent += 10) {
      await app.deps.db
        .update(schema.builds)
        .set({ buildPercent: String(percent) })
        .where(eq(schema.builds.id, build.id));
    }
    await expect.poll(() => percentOf(events.at(-1)), SOON).toBe("100");
    // It may skip states it had no time to read, never go back to one.
    const seen = events.map((e) => Number(percentOf(e)));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    viewer.release();
    await watcher.close();
  });
});
