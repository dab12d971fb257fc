import type { CommentsResponse } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import * as schema from "../../platform/db/schema";

let app: TestApp;
const adminEmail = uniqueEmail("admin");
beforeAll(async () => {
  app = await createTestApp({
    env: { ADMIN_EMAILS: `someone-else@example.test, ${adminEmail.toUpperCase()}` },
  });
});
afterAll(async () => {
  await app?.cleanup();
});

const page = async (query = "", cookie?: string) => {
  const res = await app.inject({
    method: "GET",
    url: `/api/feedback/comments${query}`,
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<CommentsResponse>();
};
const list = async (cookie?: string) => (await page("", cookie)).comments;

/** Every page from `cursor` on, `limit` at a time: the ids in the order they came. */
const walk = async (limit: number, cursor?: string) => {
  const ids: string[] = [];
  let next = cursor ?? null;
  do {
    const { comments, nextCursor } = await page(
      `?limit=${limit}${next ? `&cursor=${encodeURIComponent(next)}` : ""}`,
    );
    ids.push(...comments.map((c) => c.id));
    next = nextCursor;
  } while (next);
  return ids;
};

const post = async (user: TestUser, text: string) => {
  const res = await postJson(app, "/api/feedback/comments", { text }, user.cookie);
  expect(res.statusCode).toBe(201);
  return res.json<CommentsResponse["comments"][number]>();
};

describe("GET /api/feedback/comments", () => {
  it("is empty on a fresh database", async () => {
    // Its own database: the file's other tests, in whatever order they run, add comments.
    const fresh = await createTestApp();
    try {
      const res = await fresh.inject({ method: "GET", url: "/api/feedback/comments" });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ comments: [], nextCursor: null });
    } finally {
      await fresh.cleanup();
    }
  });

  it("lists comments newest first, with Admin flags and delete rights for the viewer", async () => {
    const admin = await createTestAdmin(app, { email: adminEmail });
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const first = await post(alice, "First from Alice");
    const second = await post(admin, "Answer from the team");
    const third = await post(bob, "Bob was here");

    // The three newest: whatever the file's other tests posted before is older.
    const anonymous = (await list()).slice(0, 3);
    expect(anonymous.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(anonymous.map((c) => c.isAdmin)).toEqual([false, true, false]);
    expect(anonymous.every((c) => !c.canDelete)).toBe(true);
    expect(anonymous[1]?.authorName).toBe(adminEmail.split("@")[0]);
    const times = anonymous.map((c) => Date.parse(c.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const asAlice = (await list(alice.cookie)).slice(0, 3);
    expect(asAlice.map((c) => c.canDelete)).toEqual([false, false, true]);

    const asAdmin = (await list(admin.cookie)).slice(0, 3);
    expect(asAdmin.map((c) => c.canDelete)).toEqual([true, true, true]);
  });

  it("never shows anyone's full e-mail", async () => {
    const carol = await createTestUser(app);
    await post(carol, "Privacy matters");
    const res = await app.inject({ method: "GET", url: "/api/feedback/comments" });
    expect(res.body).not.toContain(carol.email);
    expect(res.body).not.toContain("@");
  });

  it("returns the newest 20 by default, and up to 100 when asked", async () => {
    const dave = await createTestUser(app);
    for (let i = 0; i < 101; i++) await post(dave, `Comment ${i}`);
    const first = await page();
    expect(first.comments).toHaveLength(20);
    expect(first.comments[0]?.text).toBe("Comment 100");
    expect(first.nextCursor).not.toBeNull();
    const large = await page("?limit=100");
    expect(large.comments).toHaveLength(100);
    expect(large.comments.slice(0, 20)).toEqual(first.comments);
  });
});

describe("GET /api/feedback/comments?cursor=…", () => {
  it("pages without repeating or skipping, while comments are added and the cursor's comment is deleted", async () => {
    const erin = await createTestUser(app);
    const before = await walk(100);
    const mine: string[] = [];
    for (let i = 0; i < 7; i++) mine.unshift((await post(erin, `Paged ${i}`)).id);

    const first = await page("?limit=3");
    expect(first.comments.map((c) => c.id)).toEqual(mine.slice(0, 3));
    // Between two pages: newer comments arrive, and the page's last comment is deleted.
    await post(erin, "Newer, after the first page");
    await post(erin, "Newer still");
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/feedback/comments/${mine[2]}`,
      headers: { cookie: erin.cookie },
    });
    expect(deleted.statusCode).toBe(200);

    const rest = await walk(3, first.nextCursor ?? undefined);
    const seen = [...first.comments.map((c) => c.id), ...rest];
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...mine, ...before]);
  });

  it("orders comments of the same instant by id, and tells microseconds apart", async () => {
    const frank = await createTestUser(app);
    // Oldest of the file: a cursor just after them reaches them only.
    const rows = await app.deps.db
      .insert(schema.comments)
      .values(
        ["123456", "123456", "123456", "123457", "123457"].map((micros, i) => ({
          text: `Same instant ${i}`,
          userId: frank.id,
          userEmail: frank.email,
          timestamp: sql`${`2001-02-03T04:05:06.${micros}Z`}::timestamptz`,
        })),
      )
      .returning({ id: schema.comments.id });
    const byId = (ids: string[]) => [...ids].sort().reverse();
    const ids = rows.map((r) => r.id);
    const expected = [...byId(ids.slice(3)), ...byId(ids.slice(0, 3))];

    const start = "2001-02-03T04:05:07.000000Z_ffffffff-ffff-ffff-ffff-ffffffffffff";
    expect(await walk(2, start)).toEqual(expected);
    expect(await walk(1, start)).toEqual(expected);
  });

  it("refuses a cursor or a limit it did not make, with a 400 that says which", async () => {
    const uuid = "0b6c4c4e-8f4c-4c7e-9a53-3c2a4c0b1d2e";
    for (const cursor of [
      "nope",
      `2025-02-30T10:00:00.000000Z_${uuid}`,
      `0000-01-01T00:00:00.000000Z_${uuid}`,
      `2025-01-01T10:00:00.000Z_${uuid}`,
      `2025-01-01T10:00:00.000000Z_${"-".repeat(36)}`,
    ]) {
      const res = await app.inject({
        method: "GET",
        url: `/api/feedback/comments?cursor=${encodeURIComponent(cursor)}`,
      });
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: FeedbackTexts.invalidCursor });
    }
    for (const limit of ["0", "101", "2.5", "many"]) {
      const res = await app.inject({ method: "GET", url: `/api/feedback/comments?limit=${limit}` });
      expect(res.statusCode, limit).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: FeedbackTexts.invalidLimit(100) });
    }
  });
});
