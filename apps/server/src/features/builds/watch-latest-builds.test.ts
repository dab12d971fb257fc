import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { createLiveHub, type LiveEvent } from "../../platform/live";
import { projectBuildsChannel } from "./build-events";
import { seedBuild, seedProject } from "./test-helpers";
import { createLatestBuildsWatcher, findLatestBuilds } from "./watch-latest-builds";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const waitFor = async (check: () => boolean, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("findLatestBuilds", () => {
  it("gives each platform's most recent build in one query", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    expect(await findLatestBuilds(app.deps.db, project.id)).toEqual([]);
    await seedBuild(app, project, { platform: "android", version: 1, dateGenerate: new Date(1) });
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

    const releaseA = await watcher.watch(project.id);
    expect(watcher.size()).toBe(1);
    // The first look announces the current state, once.
    await waitFor(() => events.length === 1);
    const releaseB = await watcher.watch(project.id);
    expect(watcher.size()).toBe(1);
    // A new viewer gets the current state again.
    await waitFor(() => events.length === 2);
    expect(events[1]).toEqual(events[0]);

    // A change behind the services' back, straight in the database: announced at once.
    const changedAt = Date.now();
    await app.deps.db
      .update(schema.builds)
      .set({ status: "building" })
      .where(eq(schema.builds.id, build.id));
    await waitFor(() => events.length === 3);
    // Generous: a shared 2-core machine; what matters is that it comes without a read.
    expect(Date.now() - changedAt).toBeLessThan(5_000);
    expect(events[2]).toMatchObject({ type: "build-changed", data: { status: "building" } });

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
    await waitFor(() => events.length >= 4);
    expect(events).toHaveLength(4);
    expect(events[3]).toMatchObject({ type: "build-changed", data: { buildPercent: "5" } });

    releaseA();
    releaseA();
    expect(watcher.size()).toBe(1);
    releaseB();
    expect(watcher.size()).toBe(0);
    await app.deps.db
      .update(schema.builds)
      .set({ status: "published" })
      .where(eq(schema.builds.id, build.id));
    // The marker: watching again announces the current state once. Had the released watch
    // announced the change, it would be there twice.
    const again = await watcher.watch(project.id);
    await waitFor(() => events.length >= 5);
    expect(events).toHaveLength(5);
    expect(events[4]).toMatchObject({ type: "build-changed", data: { status: "published" } });
    again();
    await watcher.close();
  });

  it("ends with the latest state when changes come faster than it reads", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    const { events, watcher } = watching(project.id);
    const release = await watcher.watch(project.id);
    for (let percent = 10; percent <= 100; percent += 10) {
      await app.deps.db
        .update(schema.builds)
        .set({ buildPercent: String(percent) })
        .where(eq(schema.builds.id, build.id));
    }
    await waitFor(
      () => (events.at(-1)?.data as { buildPercent?: string } | undefined)?.buildPercent === "100",
    );
    // It may skip states it had no time to read, never go back to one.
    const seen = events.map((e) => Number((e.data as { buildPercent?: string }).buildPercent));
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    release();
    await watcher.close();
  });
});
