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

const request = (projectId: string, platform: string, cookie = owner.cookie) =>
  postJson(app, `/api/projects/${projectId}/builds`, { platform }, cookie);

const publish = (buildId: string, cookie = owner.cookie) =>
  postJson(app, `/api/builds/${buildId}/publish`, {}, cookie);

const buildsOf = (projectId: string) =>
  app.deps.db.select().from(schema.builds).where(eq(schema.builds.projectId, projectId));

describe("POST /api/projects/:id/builds", () => {
  it("creates a pending request at '0' percent, version 1 for the first build", async () => {
    const project = await seedProject(app, owner);
    const res = await request(project.id, "android");
    expect(res.statusCode).toBe(201);
    expect(res.json().alreadyQueued).toBe(false);
    const { build } = res.json();
    expect(build).toMatchObject({
      projectId: project.id,
      platform: "android",
      appKey: project.keyApp,
      status: "pending",
      buildPercent: "0",
      version: 1,
      publishedAt: null,
    });
    expect(new Date(build.dateGenerate).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const [row] = await buildsOf(project.id);
    expect(row?.ownerId).toBe(owner.id);
  });

  it("follows the version rule: highest published version + 1, or 1", async () => {
    const project = await seedProject(app, owner);
    const first = (await request(project.id, "apple")).json().build;
    expect(first.version).toBe(1);
    await markReady(app, first.id);
    // Nothing published yet: another request is still version 1.
    expect((await request(project.id, "apple")).json().build.version).toBe(1);

    expect((await publish(first.id)).statusCode).toBe(200);
    const pending = (await buildsOf(project.id)).find((b) => b.status === "pending");
    // The request made before the publication is pending: it is brought to version 2.
    const second = (await request(project.id, "apple")).json().build;
    expect(second).toMatchObject({ id: pending?.id, version: 2 });
    await markReady(app, second.id);
    // v2 is ready after v1 was published: a new request is 2 again, never back to 1.
    const third = (await request(project.id, "apple")).json().build;
    expect(third.version).toBe(2);

    expect((await publish(second.id)).statusCode).toBe(200);
    expect((await request(project.id, "apple")).json().build.version).toBe(3);
  });

  it("counts versions per platform", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "android", status: "published", version: 4 });
    await seedBuild(app, project, { platform: "android", status: "failed", version: 9 });
    expect((await request(project.id, "android")).json().build.version).toBe(5);
    expect((await request(project.id, "apple")).json().build.version).toBe(1);
  });

  it("answers a second request with the pending build, in its place in the queue (decision 035)", async () => {
    const project = await seedProject(app, owner);
    const first = await request(project.id, "android");
    expect(first.statusCode).toBe(201);
    expect(first.json().alreadyQueued).toBe(false);
    const again = await request(project.id, "android");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      alreadyQueued: true,
      build: {
        id: first.json().build.id,
        dateGenerate: first.json().build.dateGenerate,
        queuePosition: first.json().build.queuePosition,
      },
    });
    // The other platform has its own.
    expect((await request(project.id, "apple")).statusCode).toBe(201);
    const pending = (await buildsOf(project.id)).filter((b) => b.status === "pending");
    expect(pending.map((b) => b.platform).sort()).toEqual(["android", "apple"]);
  });

  it("gives 50 simultaneous requests one pending build, of the version the rule gives", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "android", status: "published", version: 6 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request(project.id, "android")),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([...Array(49).fill(200), 201]);
    expect(new Set(answers.map((res) => res.json().build.id)).size).toBe(1);
    expect(new Set(answers.map((res) => res.json().build.version))).toEqual(new Set([7]));
    const rows = (await buildsOf(project.id)).filter((b) => b.status === "pending");
    expect(rows).toHaveLength(1);
  });

  it("never skips a version when requests race a publication", async () => {
    const project = await seedProject(app, owner);
    const v1 = await seedBuild(app, project, { platform: "apple", status: "ready", version: 1 });
    const [published, ...requests] = await Promise.all([
      publish(v1.id),
      ...Array.from({ length: 20 }, () => request(project.id, "apple")),
    ]);
    expect(published?.statusCode).toBe(200);
    // Each request ran wholly before or wholly after the publication: before it, version 1;
    // after it, 2 (the pending build made before it is brought up to date).
    for (const res of requests) expect([1, 2]).toContain(res.json().build.version);
    const after = (await request(project.id, "apple")).json().build;
    expect(after.version).toBe(2);
    const pending = (await buildsOf(project.id)).filter((b) => b.status === "pending");
    expect(pending.map((b) => [b.id, b.version])).toEqual([[after.id, 2]]);
  });

  it("answers 404 for another user's project and for an unknown one, and creates nothing", async () => {
    const project = await seedProject(app, owner);
    const res = await request(project.id, "android", stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "NOT_FOUND", message: BuildsTexts.projectNotFound });
    expect((await request("no-such-project", "android")).statusCode).toBe(404);
    expect(await buildsOf(project.id)).toHaveLength(0);
  });

  it("refuses a bad platform and a signed-out caller", async () => {
    const project = await seedProject(app, owner);
    const bad = await request(project.id, "windows");
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: "VALIDATION", message: BuildsTexts.invalidPlatform });
    const signedOut = await postJson(app, `/api/projects/${project.id}/builds`, {
      platform: "android",
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(BuildsTexts.notLoggedIn);
    expect(await buildsOf(project.id)).toHaveLength(0);
  });
});
