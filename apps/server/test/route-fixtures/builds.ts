import type { RouteFixtures } from "./fixture";

export const buildsFixtures: RouteFixtures = {
  "GET /api/projects/:id/builds/summary": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/builds/latest": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, query: { platform: "android" } }),
  },
  "GET /api/projects/:id/builds/events": {
    access: "owner",
    valid: "skip",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/builds": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, body: { platform: "apple" } }),
  },
  "GET /api/builds": { access: "none", request: () => ({ query: { platform: "android" } }) },
  "POST /api/builds/:buildId/publish": {
    access: "owner",
    request: (s) => ({ params: { buildId: s.buildId } }),
  },
  "POST /api/projects/:id/builds/:buildId/cancel": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, buildId: s.pendingBuildId } }),
  },
  "GET /api/projects/:id/builds/:buildId/log": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, buildId: s.buildId }, query: { after: "0" } }),
  },
  "GET /api/projects/:id/builds/:buildId/apk": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, buildId: s.buildId } }),
  },
  "GET /api/projects/:id/signing-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/signing-key/keystore": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/signing-key/password": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/install/:appKey": {
    access: "public",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "GET /api/install/:appKey/apk": {
    access: "public",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "GET /api/install/:appKey/icon": {
    access: "public",
    request: (s) => ({ params: { appKey: s.project.keyApp } }),
  },
  "POST /api/v1/installs": {
    access: "public",
    request: (s) => ({
      body: { appKey: s.project.keyApp, platform: "android", installId: "route-table-device-0001" },
      headers: { authorization: `Bearer ${s.databaseKey}` },
    }),
  },
};
