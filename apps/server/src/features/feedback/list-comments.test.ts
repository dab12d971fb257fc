import type { Comment } from "@hybridge/shared/feedback/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";

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

const list = async (cookie?: string) => {
  const res = await app.inject({
    method: "GET",
    url: "/api/feedback/comments",
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ comments: Comment[] }>().comments;
};

const post = async (user: TestUser, text: string) => {
  const res = await postJson(app, "/api/feedback/comments", { text }, user.cookie);
  expect(res.statusCode).toBe(201);
  return res.json<Comment>();
};

describe("GET /api/feedback/comments", () => {
  it("is empty on a fresh database", async () => {
    expect(await list()).toEqual([]);
  });

  it("lists comments newest first, with Admin flags and delete rights for the viewer", async () => {
    const admin = await createTestUser(app, { email: adminEmail });
    const alice = await createTestUser(app);
    const bob = await createTestUser(app);
    const first = await post(alice, "First from Alice");
    const second = await post(admin, "Answer from the team");
    const third = await post(bob, "Bob was here");

    const anonymous = await list();
    expect(anonymous.map((c) => c.id)).toEqual([third.id, second.id, first.id]);
    expect(anonymous.map((c) => c.isAdmin)).toEqual([false, true, false]);
    expect(anonymous.every((c) => !c.canDelete)).toBe(true);
    expect(anonymous[1]?.authorName).toBe(adminEmail.split("@")[0]);
    const times = anonymous.map((c) => Date.parse(c.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    const asAlice = await list(alice.cookie);
    expect(asAlice.map((c) => c.canDelete)).toEqual([false, false, true]);

    const asAdmin = await list(admin.cookie);
    expect(asAdmin.map((c) => c.canDelete)).toEqual([true, true, true]);
  });

  it("never shows anyone's full e-mail", async () => {
    const carol = await createTestUser(app);
    await post(carol, "Privacy matters");
    const res = await app.inject({ method: "GET", url: "/api/feedback/comments" });
    expect(res.body).not.toContain(carol.email);
    expect(res.body).not.toContain("@");
  });

  it("returns at most the latest 100", async () => {
    const dave = await createTestUser(app);
    for (let i = 0; i < 101; i++) await post(dave, `Comment ${i}`);
    const comments = await list();
    expect(comments).toHaveLength(100);
    expect(comments[0]?.text).toBe("Comment 100");
  });
});
