import { StoreTexts } from "@hybridge/shared/store/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, type TestApp, type TestUser } from "../../../test/test-app";
import { modules, projectModules } from "../../platform/db/schema";
import { insertModule, integrateModule, withCookie } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const integrate = (moduleId: string, projectId: string, cookie: string) =>
  integrateModule(app, moduleId, projectId, cookie);
const remove = (projectId: string, moduleId: string, cookie?: string) =>
  app.inject({
    method: "DELETE",
    url: `/api/store/projects/${encodeURIComponent(projectId)}/modules/${encodeURIComponent(moduleId)}`,
    headers: withCookie(cookie),
  });
const modulesOf = async (projectId: string) =>
  (
    await app.deps.db
      .select({ moduleId: projectModules.moduleId })
      .from(projectModules)
      .where(eq(projectModules.projectId, projectId))
  ).map((row) => row.moduleId);

describe("removing a module from a project", () => {
  it("removes that integration only, and the project's list no longer has it", async () => {
    const project = await seedProject(app, owner);
    const other = await seedProject(app, owner, { name: "Other app" });
    const maps = await insertModule(app.deps.db, { title: "Maps" });
    const lottie = await insertModule(app.deps.db, { title: "Lottie" });
    for (const [moduleId, projectId] of [
      [maps.id, project.id],
      [lottie.id, project.id],
      [maps.id, other.id],
    ] as const) {
      expect((await integrate(moduleId, projectId, owner.cookie)).statusCode).toBe(201);
    }

    const res = await remove(project.id, maps.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await modulesOf(project.id)).toEqual([lottie.id]);
    // The other project keeps it, and the module stays in the store.
    expect(await modulesOf(other.id)).toEqual([maps.id]);
    expect(await app.deps.db.select().from(modules).where(eq(modules.id, maps.id))).toHaveLength(1);

    const list = await app.inject({
      method: "GET",
      url: `/api/store/projects/${encodeURIComponent(project.id)}/modules`,
      headers: withCookie(owner.cookie),
    });
    expect(list.json().modules.map((m: { title: string }) => m.title)).toEqual(["Lottie"]);

    // Removing it again: it is not part of the project any more.
    const again = await remove(project.id, maps.id, owner.cookie);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: "NOT_FOUND", message: StoreTexts.moduleNotIntegrated });
  });

  it("answers 404 for another user's project, and removes nothing", async () => {
    const theirs = await seedProject(app, stranger, { name: "Their app" });
    const module = await insertModule(app.deps.db);
    expect((await integrate(module.id, theirs.id, stranger.cookie)).statusCode).toBe(201);

    const res = await remove(theirs.id, module.id, owner.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "NOT_FOUND", message: StoreTexts.projectNotFound });
    expect(await modulesOf(theirs.id)).toEqual([module.id]);
  });

  it("answers 404 for an unknown project or module, 401 when signed out", async () => {
    const project = await seedProject(app, owner);
    const module = await insertModule(app.deps.db);
    expect((await integrate(module.id, project.id, owner.cookie)).statusCode).toBe(201);

    const unknownProject = await remove("no-such-project", module.id, owner.cookie);
    expect(unknownProject.statusCode).toBe(404);
    expect(unknownProject.json().message).toBe(StoreTexts.projectNotFound);
    for (const moduleId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await remove(project.id, moduleId, owner.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(StoreTexts.moduleNotIntegrated);
    }

    const signedOut = await remove(project.id, module.id);
    expect(signedOut.statusCode).toBe(401);
    expect(await modulesOf(project.id)).toEqual([module.id]);
  });
});
