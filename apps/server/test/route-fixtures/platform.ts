import type { RouteFixtures } from "./fixture";

/**
 * Health probes (platform/health.ts), /metrics (platform/metrics.ts), the published OpenAPI document (platform/openapi.ts) and
 * the command line's tarballs (platform/packages.ts).
 */
export const platformFixtures: RouteFixtures = {
  "GET /api/health": { access: "none", request: () => ({}) },
  "GET /api/health/live": { access: "none", request: () => ({}) },
  "GET /api/health/ready": { access: "none", request: () => ({}) },
  "GET /api/openapi.json": { access: "none", request: () => ({}) },
  // The API tests start without METRICS_TOKEN: /metrics answers 404 (metrics.test.ts has it on).
  "GET /metrics": { access: "none", valid: 404, request: () => ({}) },
  // The API tests start without a build: no tarball to serve.
  "GET /cli/:file": {
    access: "none",
    valid: 404,
    request: () => ({ params: { file: "create-hybridge.tgz" } }),
  },
};
