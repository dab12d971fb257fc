import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingDb } from "../../../test/counting-db";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { installCounters } from "../../platform/db/schema";
import { listProjects } from "./list-projects";
import { authed, createTestProject, uniqueCode } from "./test-support";

let app: TestApp;
beforeAll(async () => {
  // 30 projects for one account: above MAX_PROJECTS_PER_USER's default.
  app = await createTestApp({ env: { MAX_PROJECTS_PER_USER: "50" } });
});
afterAll(async () => {
  await app?.cleanup();
});

const list = (cookie?: string) =>
  app.inject({ method: "GET", url: "/api/projects", headers: authed(cookie) });

describe("GET /api/projects", () => {
  it("needs a signed-in user", async () => {
    expect((await list()).statusCode).toBe(401);
  });

  it("answers an empty list for a new user", async () => {
    const user = await createTestUser(app);
    expect((await list(user.cookie)).json()).toEqual({ projects: [] });
    expect(ProjectsTexts.empty).toBe("You don't have any projects at the moment.");
  });

  it("lists the owner's projects only, newest first, with install counts (0 by default)", async () => {
    const owner = await createTestUser(app);
    const other = await createTestUser(app);
    const first = await createTestProject(app, owner.cookie, { name: "First" });
    const second = await createTestProject(app, owner.cookie, { name: "Second" });
    await createTestProject(app, other.cookie, { name: "Not mine" });
    await app.deps.db.insert(installCounters).values([
      { projectId: first.id, platform: "apple", count: 7 },
      { projectId: first.id, platform: "android", count: 12 },
      { projectId: second.id, platform: "android", count: 3 },
    ]);

    const res = await list(owner.cookie);
    expect(res.statusCode).toBe(200);
    const { projects } = res.json();
    expect(projects.map((p: { name: string }) => p.name)).toEqual(["Second", "First"]);
    expect(projects[0]).toMatchObject({
      id: second.id,
      keyApp: second.keyApp,
      status: false,
      installs: { apple: 0, android: 3 },
    });
    expect(projects[1].installs).toEqual({ apple: 7, android: 12 });
    expect(new Date(projects[0].createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("costs the same fixed number of queries (one) for 1 project as for 30", async () => {
    const one = await createTestUser(app);
    const many = await createTestUser(app);
    await createTestProject(app, one.cookie);
    for (let i = 0; i < 30; i++)
      await createTestProject(app, many.cookie, { keyApp: uniqueCode("n") });
    const rows = await app.deps.db
      .select()
      .from(schema.projects)
      .where(eq(schema.projects.adminId, many.id));
    await app.deps.db
      .insert(installCounters)
      .values(rows.slice(0, 20).map((p) => ({ projectId: p.id, platform: "apple", count: 1 })));

    const a = countingDb(app);
    const fewRows = await listProjects({ db: a.db, userId: one.id });
    const b = countingDb(app);
    const manyRows = await listProjects({ db: b.db, userId: many.id });
    expect(fewRows).toHaveLength(1);
    expect(manyRows).toHaveLength(30);
    expect(a.count()).toBe(1);
    expect(b.count()).toBe(a.count());
  });
});
