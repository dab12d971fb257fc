import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { seedBuild } from "./test-support";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const list = (platform: string, cookie?: string) =>
  app.inject({ url: `/api/builds?platform=${platform}`, headers: cookie ? { cookie } : {} });

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe("GET /api/builds", () => {
  it("lists the user's builds of one platform, newest first, with their project", async () => {
    const owner = await createTestUser(app);
    const other = await createTestUser(app);
    const shop = await seedProject(app, owner, { name: "Shop" });
    const blog = await seedProject(app, owner, { name: "Blog" });
    const theirs = await seedProject(app, other, { name: "Theirs" });
    const old = await seedBuild(app, shop, {
      platform: "android",
      status: "published",
      version: 1,
      dateGenerate: at(30),
    });
    const recent = await seedBuild(app, blog, {
      platform: "android",
      status: "pending",
      version: 1,
      dateGenerate: at(1),
    });
    const middle = await seedBuild(app, shop, {
      platform: "android",
      status: "building",
      version: 2,
      dateGenerate: at(10),
    });
    const apple = await seedBuild(app, shop, { platform: "apple", version: 1 });
    await seedBuild(app, theirs, { platform: "android", version: 1 });

    const res = await list("android", owner.cookie);
    expect(res.statusCode).toBe(200);
    const builds = res.json().builds;
    expect(builds.map((b: { id: string }) => b.id)).toEqual([recent.id, middle.id, old.id]);
    expect(builds[0]).toMatchObject({
      projectId: blog.id,
      projectName: "Blog",
      appKey: blog.keyApp,
      platform: "android",
      status: "pending",
      buildPercent: "0",
      version: 1,
      publishedAt: null,
    });
    expect(builds[0]).not.toHaveProperty("ownerId");

    const apples = (await list("apple", owner.cookie)).json().builds;
    expect(apples.map((b: { id: string }) => b.id)).toEqual([apple.id]);

    const fresh = await createTestUser(app);
    expect((await list("android", fresh.cookie)).json()).toEqual({ builds: [] });
  });

  it("refuses a bad platform and a signed-out caller", async () => {
    const owner = await createTestUser(app);
    expect((await list("windows", owner.cookie)).statusCode).toBe(400);
    expect(
      (await app.inject({ url: "/api/builds", headers: { cookie: owner.cookie } })).statusCode,
    ).toBe(400);
    expect((await list("android")).statusCode).toBe(401);
  });
});
