import { GenericTexts } from "@hybridge/shared/common/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import {
  createTestModule,
  insertModule,
  moduleFields,
  postModule,
  withCookie,
} from "./test-support";

let app: TestApp;
let user: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  user = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const list = (cookie?: string) =>
  app.inject({ method: "GET", url: "/api/store/modules", headers: withCookie(cookie) });

describe("the store API needs a session", () => {
  it("answers 401 to every endpoint when signed out", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/store/modules"],
      ["GET", `/api/store/modules/${id}`],
      ["DELETE", `/api/store/modules/${id}`],
      ["GET", `/api/store/modules/${id}/projects`],
      ["POST", `/api/store/modules/${id}/integrations`],
      ["GET", "/api/store/projects/some-project/modules"],
    ] as const) {
      const res = await app.inject({ method, url, headers: withCookie() });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({
        code: "UNAUTHENTICATED",
        message: GenericTexts.unauthenticated,
      });
    }
    expect((await postModule(app, undefined, moduleFields())).statusCode).toBe(401);
  });
});

describe("GET /api/store/modules", () => {
  it("starts empty: API tests never see the example modules", async () => {
    const res = await list(user.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ modules: [] });
  });

  it("lists every module newest first, with what a card shows", async () => {
    const base = Date.now() - 60_000;
    const old = await insertModule(app.deps.db, { title: "Old", createdAt: new Date(base) });
    const middle = await insertModule(app.deps.db, {
      title: "Middle",
      createdAt: new Date(base + 1000),
      price: 4.99,
      platform: "ios",
    });
    const added = await createTestModule(app, user.cookie, {
      title: "Newest",
      price: "12.5",
      platform: "android",
    });

    const res = await list(user.cookie);
    expect(res.statusCode).toBe(200);
    const { modules } = res.json();
    expect(modules.map((m: { id: string }) => m.id)).toEqual([added.id, middle.id, old.id]);
    expect(modules[0]).toEqual({
      id: added.id,
      title: "Newest",
      description: "A native module for tests.",
      platform: "android",
      price: 12.5,
      thumbnailUrl: added.thumbnailUrl,
      createdAt: expect.any(String),
    });
    expect(modules[1]).toMatchObject({ price: 4.99, platform: "ios" });
    // What the list never shows: the author.
    expect(JSON.stringify(modules)).not.toContain(user.id);
  });
});
