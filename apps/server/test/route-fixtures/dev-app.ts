import type { RouteFixtures } from "./fixture";

/** The dev app's server side (features/dev-app): no session, a phone that scanned a QR code. */
export const devAppFixtures: RouteFixtures = {
  "GET /api/v1/dev-link/:appKey": {
    access: "public",
    request: (s) => ({
      params: { appKey: s.project.keyApp },
      query: { url: "http://192.168.1.10:5173" },
    }),
  },
  "GET /api/dev-app": { access: "none", request: () => ({}) },
  // The API tests build no dev app: the download says why there is none.
  "GET /downloads/hybridge-dev.apk": { access: "none", valid: 404, request: () => ({}) },
  "GET /.well-known/assetlinks.json": { access: "none", request: () => ({}) },
};
