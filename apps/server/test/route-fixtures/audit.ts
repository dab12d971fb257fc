import type { RouteFixtures } from "./fixture";

export const auditFixtures: RouteFixtures = {
  "GET /api/projects/:id/audit": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/admin/audit": { access: "none", valid: 403, request: () => ({}) },
};
