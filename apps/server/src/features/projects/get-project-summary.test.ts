import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, getAs, type TestApp, type TestUser } from "../../../test/test-app";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

describe("GET /api/projects/:id/builds/summary", () => {
  it("gives the owner the project's name, app key and status", async () => {
    const project = await seedProject(app, owner, { name: "Garden" });
    const res = await getAs(app, `/api/projects/${project.id}/builds/summary`, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      project: { id: project.id, name: "Garden", keyApp: project.keyApp, status: false },
    });
  });

  it("answers 404 to anyone else and 401 when signed out", async () => {
    const project = await seedProject(app, owner);
    const res = await getAs(app, `/api/projects/${project.id}/builds/summary`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "NOT_FOUND", message: BuildsTexts.projectNotFound });
    expect(
      (await getAs(app, "/api/projects/unknown/builds/summary", owner.cookie)).statusCode,
    ).toBe(404);
    const signedOut = await getAs(app, `/api/projects/${project.id}/builds/summary`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(BuildsTexts.notLoggedIn);
  });
});
