import { StoreTexts } from "@hybridge/shared/store/texts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import {
  createTestScene,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { projectModules } from "../../platform/db/schema";
import { insertModule, integrateModule, withCookie } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const integrate = (moduleId: string, projectId: string, cookie: string) =>
  integrateModule(app, moduleId, projectId, cookie);
const targets = (moduleId: string, cookie: string) =>
  app.inject({
    method: "GET",
    url: `/api/store/modules/${moduleId}/projects`,
    headers: withCookie(cookie),
  });
const projectModulesOf = (projectId: string, cookie: string) =>
  app.inject({
    method: "GET",
    url: `/api/store/projects/${encodeURIComponent(projectId)}/modules`,
    headers: withCookie(cookie),
  });

describe("integrating a module into a project", () => {
  it("adds it once: integrating twice keeps one row", async () => {
    const module = await insertModule(app.deps.db, { title: "Maps" });
    const project = await seedProject(app, owner);

    const first = await integrate(module.id, project.id, owner.cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({
      integration: { projectId: project.id, moduleId: module.id, addedAt: expect.any(String) },
      created: true,
    });
    const again = await integrate(module.id, project.id, owner.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), created: false });

    const rows = await app.deps.db
      .select()
      .from(projectModules)
      .where(and(eq(projectModules.projectId, project.id), eq(projectModules.moduleId, module.id)));
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for another user's project, and writes nothing", async () => {
    const module = await insertModule(app.deps.db);
    const theirs = await seedProject(app, stranger, { name: "Their app" });
    for (const projectId of [theirs.id, "no-such-project"]) {
      const res = await integrate(module.id, projectId, owner.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: StoreTexts.projectNotFound });
    }
    expect(
      await app.deps.db
        .select()
        .from(projectModules)
        .where(eq(projectModules.projectId, theirs.id)),
    ).toEqual([]);
  });

  it("answers 404 for an unknown module, and 400 without a project", async () => {
    const project = await seedProject(app, owner);
    for (const id of ["00000000-0000-4000-8000-000000000000", "bad-id"]) {
      const res = await integrate(id, project.id, owner.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(StoreTexts.moduleNotFound);
    }
    const module = await insertModule(app.deps.db);
    const missing = await postJson(
      app,
      `/api/store/modules/${module.id}/integrations`,
      {},
      owner.cookie,
    );
    expect(missing.statusCode).toBe(400);
  });
});

describe("the integrate dialog and the project's modules", () => {
  it("lists the owner's projects only, newest first, marking those that have the module", async () => {
    const user = await createTestUser(app);
    const module = await insertModule(app.deps.db);
    const older = await seedProject(app, user, { name: "Older" });
    const newer = await seedProject(app, user, { name: "Newer" });
    await seedProject(app, stranger, { name: "Not yours" });
    expect((await integrate(module.id, older.id, user.cookie)).statusCode).toBe(201);

    const res = await targets(module.id, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      projects: [
        { id: newer.id, name: "Newer", keyApp: newer.keyApp, integrated: false },
        { id: older.id, name: "Older", keyApp: older.keyApp, integrated: true },
      ],
    });
    expect((await targets("00000000-0000-4000-8000-000000000000", user.cookie)).statusCode).toBe(
      404,
    );
  });

  it("remembers a project's modules, most recently added first, for its owner only", async () => {
    const user = await createTestUser(app);
    const project = await seedProject(app, user);
    const maps = await insertModule(app.deps.db, { title: "Maps", price: 29 });
    const lottie = await insertModule(app.deps.db, { title: "Lottie" });
    expect((await integrate(maps.id, project.id, user.cookie)).statusCode).toBe(201);
    expect((await integrate(lottie.id, project.id, user.cookie)).statusCode).toBe(201);
    expect((await integrate(maps.id, project.id, user.cookie)).statusCode).toBe(200);

    const res = await projectModulesOf(project.id, user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().modules.map((m: { title: string }) => m.title)).toEqual(["Lottie", "Maps"]);
    expect(res.json().modules[1]).toMatchObject({
      id: maps.id,
      price: 29,
      addedAt: expect.any(String),
    });

    const foreign = await projectModulesOf(project.id, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: "NOT_FOUND", message: StoreTexts.projectNotFound });
  });
});
