import { COMMENT_MAX, type Comment } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, postJson, type TestApp } from "../../../test/test-app";
import { comments } from "../../platform/db/schema";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const countComments = async () => (await app.deps.db.select().from(comments)).length;

describe("POST /api/feedback/comments", () => {
  it("stores a trimmed comment and answers it with the author's display name", async () => {
    const user = await createTestUser(app);
    const res = await postJson(
      app,
      "/api/feedback/comments",
      { text: "  Great SDK!  " },
      user.cookie,
    );
    expect(res.statusCode).toBe(201);
    const comment = res.json<Comment>();
    expect(comment).toMatchObject({
      text: "Great SDK!",
      userId: user.id,
      authorName: user.email.split("@")[0],
      isAdmin: false,
      canDelete: true,
    });
    expect(Number.isNaN(Date.parse(comment.timestamp))).toBe(false);
    // The author's full e-mail is not part of a comment.
    expect(res.body).not.toContain(user.email);
  });

  it("refuses a blank comment and stores nothing", async () => {
    const user = await createTestUser(app);
    const before = await countComments();
    for (const text of ["", "   ", "\n\t "]) {
      const res = await postJson(app, "/api/feedback/comments", { text }, user.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: FeedbackTexts.commentEmpty });
    }
    const missing = await postJson(app, "/api/feedback/comments", {}, user.cookie);
    expect(missing.statusCode).toBe(400);
    expect(await countComments()).toBe(before);
  });

  it("refuses a comment longer than the limit and stores nothing", async () => {
    const user = await createTestUser(app);
    const before = await countComments();
    const res = await postJson(
      app,
      "/api/feedback/comments",
      { text: "x".repeat(COMMENT_MAX + 1) },
      user.cookie,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "VALIDATION", message: FeedbackTexts.commentTooLong });
    expect(await countComments()).toBe(before);

    const longest = await postJson(
      app,
      "/api/feedback/comments",
      { text: "y".repeat(COMMENT_MAX) },
      user.cookie,
    );
    expect(longest.statusCode).toBe(201);
  });

  it("answers 401 to a signed-out visitor and stores nothing", async () => {
    const before = await countComments();
    const res = await postJson(app, "/api/feedback/comments", { text: "Anonymous" });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
    // Even an invalid body: signed out comes first.
    const blank = await postJson(app, "/api/feedback/comments", { text: " " });
    expect(blank.statusCode).toBe(401);
    expect(await countComments()).toBe(before);
  });

  it("the database itself refuses a blank comment", async () => {
    const user = await createTestUser(app);
    await expect(
      app.deps.db.insert(comments).values({ text: "  ", userId: user.id, userEmail: user.email }),
    ).rejects.toThrow();
  });
});
