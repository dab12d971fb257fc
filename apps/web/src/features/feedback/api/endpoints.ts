/** The feedback API's endpoints (same origin). */
export const feedbackEndpoints = {
  comments: "/api/feedback/comments",
  comment: (id: string) => `/api/feedback/comments/${encodeURIComponent(id)}`,
  commentEvents: "/api/feedback/comments/events",
  evaluation: "/api/feedback/evaluation",
} as const;
