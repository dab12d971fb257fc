import type { Comment, CommentsResponse } from "@hybridge/shared/feedback/schemas";
import { describe, expect, it } from "vitest";
import { withCommentAdded, withCommentRemoved } from "./comments-cache";

const comment = (id: string, timestamp: string): Comment => ({
  id,
  text: `text ${id}`,
  timestamp,
  userId: "u1",
  authorName: "ada",
  isAdmin: false,
  canDelete: false,
});

const a = comment("a", "2025-01-01T10:00:00.000Z");
const b = comment("b", "2025-01-01T11:00:00.000Z");
const c = comment("c", "2025-01-01T12:00:00.000Z");

describe("withCommentAdded", () => {
  it("puts a new comment in newest-first order", () => {
    const data: CommentsResponse = { comments: [c, a] };
    expect(withCommentAdded(data, b)?.comments.map((x) => x.id)).toEqual(["c", "b", "a"]);
  });

  it("keeps one copy when the same comment arrives twice (own answer, then live event)", () => {
    const data: CommentsResponse = { comments: [b, a] };
    const mine = { ...c, canDelete: true };
    const once = withCommentAdded(data, mine);
    const twice = withCommentAdded(once, { ...c, canDelete: true });
    expect(twice?.comments.map((x) => x.id)).toEqual(["c", "b", "a"]);
  });

  it("leaves a list that is not loaded yet alone", () => {
    expect(withCommentAdded(undefined, a)).toBeUndefined();
  });
});

describe("withCommentRemoved", () => {
  it("removes the comment", () => {
    expect(withCommentRemoved({ comments: [c, b, a] }, "b")?.comments.map((x) => x.id)).toEqual([
      "c",
      "a",
    ]);
  });

  it("returns the same data when the comment is not there", () => {
    const data: CommentsResponse = { comments: [a] };
    expect(withCommentRemoved(data, "zzz")).toBe(data);
    expect(withCommentRemoved(undefined, "a")).toBeUndefined();
  });
});
