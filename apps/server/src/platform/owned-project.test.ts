import { ErrorCodes } from "@hybridge/shared/common/errors";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../test/test-app";
import { AppError } from "./errors";
import { requireOwnedApp, requireOwnedProject } from "./owned-project";

/** The one owner check: the user's project, or a 404 that says nothing of who owns it. */
const NOT_FOUND = "This project could not be found (test).";

let app: TestApp;
let owner: TestUser;
let other: TestUser;
let project: Awaited<ReturnType<typeof seedProject>>;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  other = await createTestUser(app);
  project = await seedProject(app, owner);
});
afterAll(async () => {
  await app?.cleanup();
});

const notFound = expect.objectContaining({
  code: ErrorCodes.NOT_FOUND,
  status: 404,
  message: NOT_FOUND,
});

describe("requireOwnedProject", () => {
  it("answers the owner's project", async () => {
    const found = await requireOwnedProject(app.deps.db, {
      userId: owner.id,
      projectId: project.id,
      notFound: NOT_FOUND,
    });
    expect(found).toMatchObject({ id: project.id, keyApp: project.keyApp, adminId: owner.id });
  });

  it("answers 404 for another user's project and for a missing id alike", async () => {
    for (const [userId, projectId] of [
      [other.id, project.id],
      [owner.id, `${project.id.slice(0, -1)}y`],
    ] as const) {
      const check = requireOwnedProject(app.deps.db, { userId, projectId, notFound: NOT_FOUND });
      await expect(check).rejects.toBeInstanceOf(AppError);
      await expect(check).rejects.toEqual(notFound);
    }
  });

  it("checks inside a transaction, with the project's row locked", async () => {
    const found = await app.deps.db.transaction((tx) =>
      requireOwnedProject(tx, {
        userId: owner.id,
        projectId: project.id,
        notFound: NOT_FOUND,
        lock: "update",
      }),
    );
    expect(found.id).toBe(project.id);
    await expect(
      app.deps.db.transaction((tx) =>
        requireOwnedProject(tx, {
          userId: other.id,
          projectId: project.id,
          notFound: NOT_FOUND,
          lock: "key share",
        }),
      ),
    ).rejects.toEqual(notFound);
  });
});

describe("requireOwnedApp", () => {
  it("answers the owner's project by its app code, and 404 for another user's or an unknown one", async () => {
    const found = await requireOwnedApp(app.deps.db, {
      userId: owner.id,
      appKey: project.keyApp,
      notFound: NOT_FOUND,
    });
    expect(found.id).toBe(project.id);
    for (const [userId, appKey] of [
      [other.id, project.keyApp],
      [owner.id, `${project.keyApp}-missing`],
    ] as const) {
      await expect(
        requireOwnedApp(app.deps.db, { userId, appKey, notFound: NOT_FOUND }),
      ).rejects.toEqual(notFound);
    }
  });
});
