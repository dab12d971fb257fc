import { StoreTexts } from "@hybridge/shared/store/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject, storedFileKeys } from "../../../test/seed";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import { modules, projectModules, storedFiles } from "../../platform/db/schema";
import { createTestModule, mp4Bytes, thumbnailPart, videoPart, withCookie } from "./test-support";

const ADMIN_EMAIL = uniqueEmail("admin");

let app: TestApp;
let author: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  app = await createTestApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL } });
  author = await createTestUser(app);
  other = await createTestUser(app);
  admin = await createTestAdmin(app, { email: ADMIN_EMAIL });
});
afterAll(async () => {
  await app?.cleanup();
});

const remove = (id: string, cookie: string) =>
  app.inject({ method: "DELETE", url: `/api/store/modules/${id}`, headers: withCookie(cookie) });
const keyOf = (url: string | null) => (url ? url.replace("/api/files/", "") : null);

async function moduleWithFiles() {
  const created = await createTestModule(app, author.cookie, {}, [
    thumbnailPart(),
    videoPart(mp4Bytes()),
  ]);
  const keys = [keyOf(created.thumbnailUrl), keyOf(created.videoUrl)] as string[];
  expect(storedFileKeys(app)).toEqual(expect.arrayContaining(keys));
  return { created, keys };
}

describe("DELETE /api/store/modules/:id", () => {
  it("lets the author delete the module, its files and its integrations", async () => {
    const { created, keys } = await moduleWithFiles();
    const project = await seedProject(app, author);
    await app.deps.db
      .insert(projectModules)
      .values({ projectId: project.id, moduleId: created.id });

    const res = await remove(created.id, author.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await app.deps.db.select().from(modules).where(eq(modules.id, created.id))).toEqual([]);
    expect(
      await app.deps.db
        .select()
        .from(projectModules)
        .where(eq(projectModules.moduleId, created.id)),
    ).toEqual([]);
    for (const key of keys) {
      expect(await app.deps.db.select().from(storedFiles).where(eq(storedFiles.key, key))).toEqual(
        [],
      );
      expect(storedFileKeys(app)).not.toContain(key);
    }
    const gone = await app.inject({
      method: "GET",
      url: `/api/store/modules/${created.id}`,
      headers: withCookie(author.cookie),
    });
    expect(gone.statusCode).toBe(404);
  });

  it("lets an admin delete anyone's module", async () => {
    const { created, keys } = await moduleWithFiles();
    const view = await app.inject({
      method: "GET",
      url: `/api/store/modules/${created.id}`,
      headers: withCookie(admin.cookie),
    });
    expect(view.json().module.canDelete).toBe(true);
    expect((await remove(created.id, admin.cookie)).statusCode).toBe(200);
    expect(storedFileKeys(app)).not.toEqual(expect.arrayContaining(keys));
  });

  it("refuses anyone else with 403 and keeps everything", async () => {
    const { created, keys } = await moduleWithFiles();
    const res = await remove(created.id, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: StoreTexts.forbiddenDelete });
    expect(await app.deps.db.select().from(modules).where(eq(modules.id, created.id))).toHaveLength(
      1,
    );
    expect(storedFileKeys(app)).toEqual(expect.arrayContaining(keys));
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      const res = await remove(id, admin.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: StoreTexts.moduleNotFound });
    }
  });

  it("keeps a module, unattributed, when its author deletes their account", async () => {
    const leaving = await createTestUser(app);
    const created = await createTestModule(app, leaving.cookie);
    const res = await app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: withCookie(leaving.cookie),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await app.deps.db.select().from(modules).where(eq(modules.id, created.id));
    expect(row?.createdBy).toBeNull();
    const thumbnail = await app.inject({
      method: "GET",
      url: created.thumbnailUrl,
      headers: withCookie(other.cookie),
    });
    expect(thumbnail.statusCode).toBe(200);
    // Nobody but an admin may delete it now.
    expect((await remove(created.id, other.cookie)).statusCode).toBe(403);
  });
});
