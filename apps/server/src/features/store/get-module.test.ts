import { StoreTexts } from "@hybridge/shared/store/texts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { modules } from "../../platform/db/schema";
import { findSimilarModules } from "./get-module";
import {
  createTestModule,
  insertModule,
  mp4Bytes,
  thumbnailPart,
  videoPart,
  withCookie,
} from "./test-support";

let app: TestApp;
let author: TestUser;
let other: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  author = await createTestUser(app);
  other = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const get = (id: string, cookie: string) =>
  app.inject({ method: "GET", url: `/api/store/modules/${id}`, headers: withCookie(cookie) });

describe("GET /api/store/modules/:id", () => {
  beforeEach(async () => {
    await app.deps.db.delete(modules);
  });

  it("shows the module, its video, and whether the viewer may delete it", async () => {
    const created = await createTestModule(
      app,
      author.cookie,
      { title: "Video module", price: "9.9", platform: "ios" },
      [thumbnailPart(), videoPart(mp4Bytes())],
    );
    const mine = await get(created.id, author.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().module).toMatchObject({
      id: created.id,
      title: "Video module",
      price: 9.9,
      platform: "ios",
      videoUrl: created.videoUrl,
      canDelete: true,
    });
    expect(created.videoUrl).toMatch(/^\/api\/files\/module-videos\//);
    // Public to every signed-in user; only the author (or an admin) may delete.
    const theirs = await get(created.id, other.cookie);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().module.canDelete).toBe(false);
  });

  it("answers 404 with the spec's text for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "%27%3B--"]) {
      const res = await get(id, author.cookie);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: StoreTexts.moduleNotFound });
    }
  });

  it("shows up to 3 similar modules: same platform first, then the newest, never itself", async () => {
    const db = app.deps.db;
    const t = (minutes: number) => new Date(Date.now() - 3_600_000 + minutes * 60_000);
    const subject = await insertModule(db, {
      title: "Subject",
      platform: "android",
      createdAt: t(5),
    });
    const androidOld = await insertModule(db, {
      title: "Android old",
      platform: "android",
      createdAt: t(1),
    });
    const androidNew = await insertModule(db, {
      title: "Android new",
      platform: "android",
      createdAt: t(10),
    });
    const iosNewest = await insertModule(db, {
      title: "iOS newest",
      platform: "ios",
      createdAt: t(30),
    });
    const multiNew = await insertModule(db, {
      title: "Multi new",
      platform: "multiplatform",
      createdAt: t(20),
    });
    await insertModule(db, { title: "Multi old", platform: "multiplatform", createdAt: t(0) });

    const res = await get(subject.id, author.cookie);
    expect(res.statusCode).toBe(200);
    const titles = res.json().similar.map((m: { title: string }) => m.title);
    // The two other Android modules (newest first), then the newest of the rest.
    expect(titles).toEqual(["Android new", "Android old", "iOS newest"]);
    expect(res.json().similar.map((m: { id: string }) => m.id)).toEqual([
      androidNew.id,
      androidOld.id,
      iosNewest.id,
    ]);
    expect(res.json().similar.map((m: { id: string }) => m.id)).not.toContain(subject.id);

    // From an iOS module: the only other iOS module does not exist, so the newest ones.
    const ios = await get(iosNewest.id, author.cookie);
    expect(ios.json().similar.map((m: { id: string }) => m.id)).toEqual([
      multiNew.id,
      androidNew.id,
      subject.id,
    ]);
  });

  it("shows fewer similar modules when the store is small, and none when alone", async () => {
    const alone = await insertModule(app.deps.db, { platform: "ios" });
    expect((await get(alone.id, author.cookie)).json().similar).toEqual([]);
    const second = await insertModule(app.deps.db, { platform: "android" });
    const res = await get(alone.id, author.cookie);
    expect(res.json().similar.map((m: { id: string }) => m.id)).toEqual([second.id]);
  });

  it("selects them in one query", async () => {
    const subject = await insertModule(app.deps.db, { platform: "multiplatform" });
    const queries: string[] = [];
    const { db } = app.deps;
    const spy = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === "select") queries.push("select");
        return Reflect.get(target, prop, receiver);
      },
    });
    await findSimilarModules({ db: spy, module: subject });
    expect(queries).toHaveLength(1);
  });
});
