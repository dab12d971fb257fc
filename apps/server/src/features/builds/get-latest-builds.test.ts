import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, getAs, type TestApp, type TestUser } from "../../../test/test-app";
import { seedBuild } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);

describe("GET /api/projects/:id/builds/latest", () => {
  it("gives each platform's most recent build, or null", async () => {
    const project = await seedProject(app, owner);
    const latest = (platform: string) =>
      getAs(app, `/api/projects/${project.id}/builds/latest?platform=${platform}`, owner.cookie);
    // No build machine is connected in this scene: the card warns before a request.
    expect((await latest("android")).json()).toEqual({ build: null, builderConnected: false });

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
    expect((await latest("apple")).json()).toEqual({ build: null, builderConnected: false });
    expect((await latest("windows")).statusCode).toBe(400);
  });

  it("answers 404 for another user's project", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "apple", version: 1 });
    const res = await getAs(
      app,
      `/api/projects/${project.id}/builds/latest?platform=apple`,
      stranger.cookie,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(BuildsTexts.projectNotFound);
  });
});
