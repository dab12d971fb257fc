import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { markReady, seedBuild, seedProject } from "./test-helpers";

let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

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
    // Nothing published yet: another request is still version 1.
    expect((await request(project.id, "apple")).json().build.version).toBe(1);

    await markReady(app, first.id);
    expect((await publish(first.id)).statusCode).toBe(200);
    const second = (await request(project.id, "apple")).json().build;
    expect(second.version).toBe(2);
    // v2 is pending after v1 was published: a new request is 2 again, never back to 1.
    expect((await request(project.id, "apple")).json().build.version).toBe(2);

    await markReady(app, second.id);
    expect((await publish(second.id)).statusCode).toBe(200);
    expect((await request(project.id, "apple")).json().build.version).toBe(3);
  });

  it("counts versions per platform", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "android", status: "published", version: 4 });
    await seedBuild(app, project, { platform: "android", status: "pending", version: 9 });
    expect((await request(project.id, "android")).json().build.version).toBe(5);
    expect((await request(project.id, "apple")).json().build.version).toBe(1);
  });

  it("gives 50 simultaneous requests the version the rule gives", async () => {
    const project = await seedProject(app, owner);
    await seedBuild(app, project, { platform: "android", status: "published", version: 6 });
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request(project.id, "android")),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(201));
    expect(new Set(answers.map((res) => res.json().build.version))).toEqual(new Set([7]));
    const rows = (await buildsOf(project.id)).filter((b) => b.status === "pending");
    expect(rows).toHaveLength(50);
  });

  it("never skips a version when requests race a publication", async () => {
    const project = await seedProject(app, owner);
    const v1 = await seedBuild(app, project, { platform: "apple", status: "ready", version: 1 });
    const [published, ...requests] = await Promise.all([
      publish(v1.id),
      ...Array.from({ length: 20 }, () => request(project.id, "apple")),
    ]);
    expect(published?.statusCode).toBe(200);
    // Each request ran wholly before or wholly after the publication: inserted after it, it
    // is version 2; before it, version 1.
    const publishedAt = new Date(published?.json().build.publishedAt).getTime();
    for (const res of requests) {
      const build = res.json().build;
      const insertedAt = new Date(build.dateGenerate).getTime();
      // (The API's dates are to the millisecond: the same millisecond tells nothing.)
      if (insertedAt !== publishedAt) expect(build.version).toBe(insertedAt > publishedAt ? 2 : 1);
    }
    const after = (await request(project.id, "apple")).json().build;
    expect(after.version).toBe(2);
  });

  it("answers 404 for another user's project and for an unknown one, and creates nothing", async () => {
    const stranger = await createTestUser(app);
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
