import type { RouteFixtures } from "./fixture";

export const feedbackFixtures: RouteFixtures = {
  "GET /api/feedback/comments": { access: "none", request: () => ({}) },
  "GET /api/feedback/comments/events": { access: "none", valid: "skip", request: () => ({}) },
  "POST /api/feedback/comments": {
    access: "none",
    multiLine: ["text"],
    request: () => ({ body: { text: "Nice work" } }),
  },
  "DELETE /api/feedback/comments/:id": {
    access: "author",
    request: (s) => ({ params: { id: s.commentId } }),
  },
  "GET /api/feedback/evaluation": { access: "none", request: () => ({}) },
  "PUT /api/feedback/evaluation": {
    access: "none",
    multiLine: ["mainAdvantage", "mainWeakness"],
    request: () => ({
      body: {
        docClarity: 4,
        apiIntuition: 3,
        backendSimplicity: 5,
        mainAdvantage: "Fast",
        mainWeakness: "Young",
      },
    }),
  },
};
