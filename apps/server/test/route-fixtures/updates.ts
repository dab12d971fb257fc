import type { RouteFixtures } from "./fixture";

/** Over-the-air updates (features/updates): the phones' public calls and the owner's routes. */
export const updatesFixtures: RouteFixtures = {
  "POST /api/v1/updates/check": {
    access: "public",
    request: (s) => ({
      body: {
        appKey: s.project.keyApp,
        channel: s.update.channel,
        runtimeVersion: "android-1",
        currentUpdateId: null,
        installId: "route-table-install",
      },
    }),
  },
  "POST /api/v1/updates/report": {
    access: "public",
    request: (s) => ({
      body: {
        appKey: s.project.keyApp,
        installId: "route-table-install",
        updateId: s.update.id,
        event: "downloaded",
      },
    }),
  },
  "GET /api/v1/updates/:id/bundle": {
    access: "public",
    request: (s) => ({ params: { id: s.update.id } }),
  },
  "GET /api/projects/:id/updates": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "GET /api/projects/:id/updates/events": {
    access: "owner",
    valid: "skip",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "PATCH /api/projects/:id/updates/:updateId": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, updateId: s.update.id },
      body: { rolloutPercent: 50 },
    }),
  },
  "POST /api/projects/:id/updates/channels": {
    access: "owner",
    // Each valid case its own name: a taken one is 409.
    request: (s) => ({
      params: { id: s.project.id },
      body: { name: `qa-${Math.random().toString(36).slice(2, 10)}` },
    }),
    valid: 201,
  },
  "PUT /api/projects/:id/updates/build-channel": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, body: { channel: s.update.channel } }),
  },
  "DELETE /api/projects/:id/updates/:updateId": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, updateId: s.withdrawnUpdateId } }),
  },
  "POST /api/projects/:id/channels/:channel/rollback": {
    access: "owner",
    request: (s) => ({
      params: { id: s.project.id, channel: s.update.channel },
      body: { to: "embedded" },
    }),
  },
};
