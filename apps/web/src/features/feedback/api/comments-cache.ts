import type { Comment, CommentsResponse } from "@hybridge/shared/feedback/schemas";
import type { InfiniteData } from "@tanstack/react-query";

type CommentPages = InfiniteData<CommentsResponse>;

const newestFirst = (a: Comment, b: Comment) =>
  b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id);

/**
 * The cached pages with `comment` in the first one, in its place (newest first), and any other
 * copy with the same id gone: the author's own answer and the live event both bring it. Older
 * pages keep their cursors, so "Load more" still continues where they end.
 */
export function withCommentAdded(
  data: CommentPages | undefined,
  comment: Comment,
): CommentPages | undefined {
  const [first, ...older] = data?.pages ?? [];
  if (!data || !first) return data;
  const without = (page: CommentsResponse) => ({
    ...page,
    comments: page.comments.filter((c) => c.id !== comment.id),
  });
  const top = without(first);
  return {
    ...data,
    pages: [
      { ...top, comments: [comment, ...top.comments].sort(newestFirst) },
      ...older.map(without),
    ],
  };
}

export function withCommentRemoved(
  data: CommentPages | undefined,
  id: string,
): CommentPages | undefined {
  if (!data?.pages.some((page) => page.comments.some((c) => c.id === id))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comments: page.comments.filter((c) => c.id !== id),
    })),
  };
}
