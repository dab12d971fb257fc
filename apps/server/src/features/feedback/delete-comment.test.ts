import type { Comment } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  postJson,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import { comments } from "../../platform/db/schema";

let app: TestApp;
const adminEmail = uniqueEmail("admin");
beforeAll(async () => {
  app = await createTestApp({ env: { ADMIN_EMAILS: adminEmail } });
});
afterAll(async () => {
  await app?.cleanup();
});

const post = async (user: TestUser, text: string) => {
  const res = await postJson(app, "/api/feedback/comments", { text }, user.cookie);
  expect(res.statusCode).toBe(201);
  return res.json<Comment>();
};

const remove = (id: string, cookie?: string) =>
  app.inject({
    method: "DELETE",
    url: `/api/feedback/comments/${id}`,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
  });

const exists = async (id: string) =>
  (await app.deps.db.select().from(comments).where(eq(comments.id, id))).length === 1;

describe("DELETE /api/feedback/comments/:id", () => {
  it("lets the author delete their comment", async () => {
    const author = await createTestUser(app);
    const comment = await post(author, "Mine to delete");
    const res = await remove(comment.id, author.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await exists(comment.id)).toBe(false);
  });

  it("refuses another user with 403 and deletes nothing", async () => {
    const author = await createTestUser(app);
    const other = await createTestUser(app);
    const comment = await post(author, "Not yours");
    const res = await remove(comment.id, other.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: "FORBIDDEN", message: FeedbackTexts.forbiddenDelete });
    expect(await exists(comment.id)).toBe(true);
  });

  it("lets an admin delete anyone's comment", async () => {
    const author = await createTestUser(app);
    const admin = await createTestAdmin(app, { email: adminEmail });
    const comment = await post(author, "Spam, probably");
    const res = await remove(comment.id, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(await exists(comment.id)).toBe(false);
  });

  it("answers 401 when signed out and deletes nothing", async () => {
    const author = await createTestUser(app);
    const comment = await post(author, "Still here");
    const res = await remove(comment.id);
    expect(res.statusCode).toBe(401);
    expect(await exists(comment.id)).toBe(true);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    const user = await createTestUser(app);
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const res = await remove(id, user.cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: "NOT_FOUND", message: FeedbackTexts.commentNotFound });
    }
  });

  it("answers 404 the second time the same comment is deleted", async () => {
    const author = await createTestUser(app);
    const comment = await post(author, "Once");
    expect((await remove(comment.id, author.cookie)).statusCode).toBe(200);
    expect((await remove(comment.id, author.cookie)).statusCode).toBe(404);
  });
});
