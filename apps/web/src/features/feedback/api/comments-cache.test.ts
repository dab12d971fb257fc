import type { Comment, CommentsResponse } from "@hybridge/shared/feedback/schemas";
import type { InfiniteData } from "@tanstack/react-query";
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
const d = comment("d", "2025-01-01T13:00:00.000Z");

/** Cached pages, each `[comments, nextCursor]`. */
const pages = (...list: [Comment[], string | null][]): InfiniteData<CommentsResponse> => ({
  pages: list.map(([comments, nextCursor]) => ({ comments, nextCursor })),
  pageParams: list.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
});
const ids = (data: InfiniteData<CommentsResponse> | undefined) =>
  data?.pages.map((page) => page.comments.map((x) => x.id));

describe("withCommentAdded", () => {
  it("puts a new comment on top of the first page, leaving older pages and cursors alone", () => {
    const data = pages([[c, b], "cursor-1"], [[a], null]);
    const next = withCommentAdded(data, d);
    expect(ids(next)).toEqual([["d", "c", "b"], ["a"]]);
    expect(next?.pages.map((page) => page.nextCursor)).toEqual(["cursor-1", null]);
    expect(next?.pageParams).toEqual(data.pageParams);
  });

  it("keeps one copy when the same comment arrives twice (own answer, then live event)", () => {
    const data = pages([[b, a], null]);
    const once = withCommentAdded(data, { ...c, canDelete: true });
    const twice = withCommentAdded(once, { ...c, canDelete: true });
    expect(ids(twice)).toEqual([["c", "b", "a"]]);
  });

  it("moves a comment that an older page already holds, rather than showing it twice", () => {
    const data = pages([[d], "cursor-1"], [[c, b], null]);
    expect(ids(withCommentAdded(data, c))).toEqual([["d", "c"], ["b"]]);
  });

  it("leaves a list that is not loaded yet alone", () => {
    expect(withCommentAdded(undefined, a)).toBeUndefined();
  });
});

describe("withCommentRemoved", () => {
  it("removes the comment from whichever page holds it", () => {
    const data = pages([[d, c], "cursor-1"], [[b, a], null]);
    expect(ids(withCommentRemoved(data, "b"))).toEqual([["d", "c"], ["a"]]);
    expect(ids(withCommentRemoved(data, "d"))).toEqual([["c"], ["b", "a"]]);
  });

  it("returns the same data when the comment is not there", () => {
    const data = pages([[a], null]);
    expect(withCommentRemoved(data, "zzz")).toBe(data);
    expect(withCommentRemoved(undefined, "a")).toBeUndefined();
  });
});
