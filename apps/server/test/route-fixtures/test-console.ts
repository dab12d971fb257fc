import type { RouteFixtures } from "./fixture";

export const testConsoleFixtures: RouteFixtures = {
  "GET /api/test-console/:appKey": {
    access: "owner",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "PATCH /api/test-console/:appKey": {
    access: "owner",
    request: (s) => ({ params: { appKey: s.project.keyApp }, body: { statusBar: "#123456" } }),
  },
  "GET /api/v1/apps/:appKey": {
    access: "none",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "GET /api/v1/dev-config/:appKey": {
    access: "public",
    request: (s) => ({
      params: { appKey: s.project.keyApp },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
};
