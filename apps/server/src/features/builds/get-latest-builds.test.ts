import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { seedBuild } from "./test-support";

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  stranger = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const get = (url: string, cookie?: string) =>
  app.inject({ url, headers: cookie ? { cookie } : {} });

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe("GET /api/projects/:id/builds/latest", () => {
  it("gives each platform's most recent build, or null", async () => {
    const project = await seedProject(app, owner);
    const latest = (platform: string) =>
      get(`/api/projects/${project.id}/builds/latest?platform=${platform}`, owner.cookie);
    expect((await latest("android")).json()).toEqual({ build: null });

    await seedBuild(app, project, {
      platform: "android",
      status: "published",
      version: 2,
      dateGenerate: at(5),
    });
    const newest = await seedBuild(app, project, {
      platform: "android",
      status: "pending",
      version: 1,
      dateGenerate: at(1),
    });
    await seedBuild(app, project, {
      platform: "android",
      status: "published",
      version: 1,
      dateGenerate: at(60),
    });
    const res = await latest("android");
    expect(res.statusCode).toBe(200);
    expect(res.json().build).toMatchObject({ id: newest.id, status: "pending", version: 1 });
    expect((await latest("apple")).json()).toEqual({ build: null });
    expect((await latest("windows")).statusCode).toBe(400);
  });

  it("answers 404 for another user's project", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "apple", version: 1 });
    const res = await get(
      `/api/projects/${project.id}/builds/latest?platform=apple`,
      stranger.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BuildsTexts.projectNotFound);
  });
});
