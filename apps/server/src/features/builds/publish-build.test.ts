import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, postJson, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { markReady, seedBuild } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const publish = (buildId: string, cookie?: string) =>
  app.inject({
    method: "POST",
    url: `/api/builds/${buildId}/publish`,
    headers: cookie ? { cookie } : {},
  });

const rowOf = async (buildId: string) =>
  (await app.deps.db.select().from(schema.builds).where(eq(schema.builds.id, buildId)))[0];
const projectRow = async (projectId: string) =>
  (await app.deps.db.select().from(schema.projects).where(eq(schema.projects.id, projectId)))[0];

describe("POST /api/builds/:buildId/publish", () => {
  it("publishes a ready build, stamps it and makes the project live", async () => {
    const project = await seedProject(app, owner);
    expect(project.status).toBe(false);
    const build = await seedBuild(app, project, {
      platform: "android",
      status: "ready",
      version: 3,
    });
    const res = await publish(build.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json().build;
    expect(body).toMatchObject({ id: build.id, status: "published", version: 3 });
    expect(new Date(body.publishedAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect((await rowOf(build.id))?.status).toBe("published");
    expect((await projectRow(project.id))?.status).toBe(true);
  });

  it("publishes a version once: of two requests made before either was published, the second answers 409", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "android", status: "published", version: 1 });
    const request = () =>
      postJson(app, `/api/projects/${project.id}/builds`, { platform: "android" }, owner.cookie);
    const first = (await request()).json().build;
    await markReady(app, first.id);
    const second = (await request()).json().build;
    expect([first.version, second.version]).toEqual([2, 2]);
    await markReady(app, second.id);

    expect((await publish(second.id, owner.cookie)).statusCode).toBe(200);
    const late = await publish(first.id, owner.cookie);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: "CONFLICT",
      message: BuildsTexts.versionAlreadyPublished(2),
    });
    expect((await rowOf(first.id))?.status).toBe("ready");
    // The next request is version 3, and the database itself refuses a second version 2.
    expect((await request()).json().build.version).toBe(3);
    await expect(
      app.deps.db
        .update(schema.builds)
        .set({ status: "published" })
        .where(eq(schema.builds.id, first.id)),
    ).rejects.toThrow();
  });

  it("publishes only a ready build: a published, pending or building build answers 409 unchanged", async () => {
    const project = await seedProject(app, owner);
    const done = await seedBuild(app, project, {
      platform: "apple",
      status: "published",
      version: 1,
    });
    const again = await publish(done.id, owner.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: "CONFLICT",
      message: BuildsTexts.notReady("published"),
    });

    const building = await seedBuild(app, project, {
      platform: "apple",
      status: "building",
      version: 2,
    });
    const res = await publish(building.id, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BuildsTexts.notReady("building"));
    expect((await rowOf(building.id))?.status).toBe("building");
    expect((await rowOf(building.id))?.publishedAt).toBeNull();
    const pending = await seedBuild(app, project, { platform: "apple", version: 2 });
    const early = await publish(pending.id, owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(BuildsTexts.notReady("pending"));
    expect((await rowOf(pending.id))?.status).toBe("pending");
    expect((await projectRow(project.id))?.status).toBe(false);
  });

  it("lets one of two simultaneous publications win, the other gets 409", async () => {
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, {
      platform: "android",
      status: "ready",
      version: 1,
    });
    const answers = await Promise.all([
      publish(build.id, owner.cookie),
      publish(build.id, owner.cookie),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
  });

  it("answers 404 for another user's build and for unknown ids, and changes nothing", async () => {
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    const res = await publish(build.id, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "NOT_FOUND", message: BuildsTexts.buildNotFound });
    expect((await rowOf(build.id))?.status).toBe("pending");
    expect((await projectRow(project.id))?.status).toBe(false);

    expect((await publish("not-a-uuid", owner.cookie)).statusCode).toBe(404);
    expect((await publish("00000000-0000-4000-8000-000000000000", owner.cookie)).statusCode).toBe(
      404,
    );
  });

  it("asks a signed-out caller to log in", async () => {
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, {
      platform: "android",
      status: "ready",
      version: 1,
    });
    const res = await publish(build.id);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(BuildsTexts.notLoggedIn);
    // A JSON body is accepted too.
    expect(
      (await postJson(app, `/api/builds/${build.id}/publish`, {}, owner.cookie)).statusCode,
    ).toBe(200);
  });
});
