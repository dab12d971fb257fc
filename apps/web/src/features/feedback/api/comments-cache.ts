import {
  COMMENTS_LIMIT,
  type Comment,
  type CommentsResponse,
} from "@hybridge/shared/feedback/schemas";

const newestFirst = (a: Comment, b: Comment) =>
  b.timestamp.localeCompare(a.timestamp) || b.id.localeCompare(a.id);

/**
 * The cached list with `comment` in its place (newest first), replacing any copy with the same
 * id: the author's own answer and the live event both bring it.
 */
export function withCommentAdded(
  data: CommentsResponse | undefined,
  comment: Comment,
): CommentsResponse | undefined {
  if (!data) return data;
  const others = data.comments.filter((c) => c.id !== comment.id);
  return { comments: [comment, ...others].sort(newestFirst).slice(0, COMMENTS_LIMIT) };
}

export function withCommentRemoved(
  data: CommentsResponse | undefined,
  id: string,
): CommentsResponse | undefined {
  if (!data) return data;
  const comments = data.comments.filter((c) => c.id !== id);
  return comments.length === data.comments.length ? data : { comments };
}
