/** The feedback API's endpoints (same origin). */
export const feedbackEndpoints = {
  comments: "/api/feedback/comments",
  /** A page of the list: the newest without a cursor, then each page's `nextCursor`. */
  commentsPage: (cursor: string | null) =>
    cursor
      ? `/api/feedback/comments?cursor=${encodeURIComponent(cursor)}`
      : "/api/feedback/comments",
  comment: (id: string) => `/api/feedback/comments/${encodeURIComponent(id)}`,
  commentEvents: "/api/feedback/comments/events",
  evaluation: "/api/feedback/evaluation",
} as const;
