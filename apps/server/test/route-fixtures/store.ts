import { moduleFields, thumbnailPart } from "../../src/features/store/test-support";
import type { RouteFixtures } from "./fixture";

export const storeFixtures: RouteFixtures = {
  "GET /api/store/modules": { access: "none", request: () => ({}) },
  "POST /api/store/modules": {
    access: "none",
    multiLine: ["description"],
    request: () => ({ form: { fields: moduleFields(), files: [thumbnailPart()] } }),
  },
  "GET /api/store/modules/:moduleId": {
    access: "public",
    request: (s) => ({ params: { moduleId: s.moduleId } }),
  },
  "DELETE /api/store/modules/:moduleId": {
    access: "author",
    request: (s) => ({ params: { moduleId: s.doomedModuleId } }),
  },
  "GET /api/store/modules/:moduleId/projects": {
    access: "public",
    request: (s) => ({ params: { moduleId: s.moduleId } }),
  },
  "POST /api/store/modules/:moduleId/integrations": {
    access: "owner",
    request: (s) => ({ params: { moduleId: s.moduleId }, body: { projectId: s.project.id } }),
  },
  "GET /api/store/projects/:projectId/modules": {
    access: "owner",
    request: (s) => ({ params: { projectId: s.project.id } }),
  },
  "DELETE /api/store/projects/:projectId/modules/:moduleId": {
    access: "owner",
    request: (s) => ({
      params: { projectId: s.project.id, moduleId: s.integratedModuleId },
    }),
  },
};
