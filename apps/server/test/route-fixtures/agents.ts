import type { RouteFixtures } from "./fixture";
import { CERT_SHA256, FAKE_APK, type Seed } from "./seed";

const agentAuth = (s: Seed) => ({ authorization: `Bearer ${s.agent.token}` });

/** Build machines (their bearer token, never a session), their admins, and the owner's upload key. */
export const agentsFixtures: RouteFixtures = {
  // On the spare project, which has no build: the seed's has a published one, which locks it.
  "PUT /api/projects/:id/signing-key": {
    access: "owner",
    request: (s) => ({
      params: { id: s.spareProjectId },
      form: {
        fields: { password: s.keystore.password, alias: s.keystore.alias },
        files: [
          {
            name: "keystore",
            filename: "upload.p12",
            contentType: "application/x-pkcs12",
            data: s.keystore.bytes,
          },
        ],
      },
    }),
  },
  "DELETE /api/projects/:id/signing-key": {
    access: "owner",
    request: (s) => ({ params: { id: s.spareProjectId } }),
  },
  "POST /api/agents/claim": {
    access: "none",
    request: (s) => ({ body: { platforms: ["android"] }, headers: agentAuth(s) }),
  },
  "POST /api/agents/builds/:buildId/progress": {
    access: "none",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      body: { percent: 40, log: ["Packaging resources"] },
      headers: agentAuth(s),
    }),
  },
  "PUT /api/agents/builds/:buildId/artifact": {
    access: "none",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      raw: { contentType: "application/vnd.android.package-archive", payload: FAKE_APK },
      headers: agentAuth(s),
    }),
  },
  "PUT /api/agents/builds/:buildId/signing-key": {
    access: "none",
    // The seed stored the project's key: a second one is answered the first (409).
    valid: 409,
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      raw: { contentType: "application/octet-stream", payload: s.keystore.bytes },
      headers: {
        ...agentAuth(s),
        "x-keystore-password": s.keystore.password,
        "x-keystore-alias": s.keystore.alias,
      },
    }),
  },
  "GET /api/agents/builds/:buildId/signing-key": {
    access: "none",
    request: (s) => ({ params: { buildId: s.heldBuildId }, headers: agentAuth(s) }),
  },
  "GET /api/agents/builds/:buildId/icon": {
    access: "none",
    request: (s) => ({ params: { buildId: s.heldBuildId }, headers: agentAuth(s) }),
  },
  "GET /api/agents/builds/:buildId/bundle": {
    access: "none",
    request: (s) => ({ params: { buildId: s.heldBuildId }, headers: agentAuth(s) }),
  },
  // Both end the build the other cases use: only refusals are sent (tests in features/agents).
  "POST /api/agents/builds/:buildId/complete": {
    access: "none",
    valid: "skip",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      body: { certSha256: CERT_SHA256 },
      headers: agentAuth(s),
    }),
  },
  "POST /api/agents/builds/:buildId/fail": {
    access: "none",
    valid: "skip",
    request: (s) => ({
      params: { buildId: s.heldBuildId },
      body: { reason: "aapt failed" },
      headers: agentAuth(s),
    }),
  },
  // Hands the held build back: only refusals are sent (tests in features/agents).
  "POST /api/agents/release": {
    access: "none",
    valid: "skip",
    request: (s) => ({ headers: agentAuth(s) }),
  },
  "GET /api/admin/agents": { access: "none", valid: 403, request: () => ({}) },
  "POST /api/admin/agents": {
    access: "none",
    valid: 403,
    request: () => ({ body: { name: "Mac mini", platforms: ["apple"] } }),
  },
  "DELETE /api/admin/agents/:agentId": {
    access: "none",
    valid: 403,
    request: (s) => ({ params: { agentId: s.agent.id } }),
  },
};
