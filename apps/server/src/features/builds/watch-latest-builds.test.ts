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

describe("createLatestBuildsWatcher", () => {
  it("announces changes made outside the services while watched, and stops when released", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "apple", version: 1 });
    const live = createLiveHub();
    const events: LiveEvent[] = [];
    live.subscribe(projectBuildsChannel(project.id), (event) => events.push(event));
    const watcher = createLatestBuildsWatcher({
      db: app.deps.db,
      live,
      log: app.log,
      intervalMs: 50,
    });

    const releaseA = watcher.watch(project.id);
    const releaseB = watcher.watch(project.id);
    expect(watcher.size()).toBe(1);
    // The first look announces the current state, once.
    await waitFor(() => events.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toHaveLength(1);

    await app.deps.db
      .update(schema.builds)
      .set({ status: "building" })
      .where(eq(schema.builds.id, build.id));
    await waitFor(() => events.length === 2);
    expect(events[1]).toMatchObject({ type: "build-changed", data: { status: "building" } });

    // A state a service announced itself is not announced again and again.
    await app.deps.db
      .update(schema.builds)
      .set({ buildPercent: "90" })
      .where(eq(schema.builds.id, build.id));
    live.publish(projectBuildsChannel(project.id), {
      type: "build-changed",
      data: (await findLatestBuilds(app.deps.db, project.id))[0],
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const settled = events.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toHaveLength(settled);

    releaseA();
    releaseA();
    expect(watcher.size()).toBe(1);
    releaseB();
    expect(watcher.size()).toBe(0);
    await app.deps.db
      .update(schema.builds)
      .set({ status: "published" })
      .where(eq(schema.builds.id, build.id));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(events).toHaveLength(settled);
    watcher.close();
  });
});
