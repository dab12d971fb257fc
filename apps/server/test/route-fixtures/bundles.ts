import type { RouteFixtures } from "./fixture";
import type { Seed } from "./seed";

/** A web bundle's upload (the console's and the deploy's): zips whose names collide are refused. */
const collidingBundles = (s: Seed) =>
  s.collidingBundles.map(({ label, zip }) => ({
    label,
    files: [{ name: "bundle", filename: "dist.zip", contentType: "application/zip", data: zip }],
  }));

export const bundlesFixtures: RouteFixtures = {
  "GET /api/projects/:id/bundles": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/bundles": {
    access: "owner",
    refusedFiles: collidingBundles,
    request: (s) => ({
      params: { id: s.project.id },
      form: {
        fields: {},
        files: [
          {
            name: "bundle",
            filename: "dist.zip",
            contentType: "application/zip",
            data: s.bundleZip,
          },
        ],
      },
    }),
  },
  "DELETE /api/projects/:id/bundles/:bundleId": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, bundleId: s.bundleId } }),
  },
  "GET /api/projects/:id/deploy-tokens": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id } }),
  },
  "POST /api/projects/:id/deploy-tokens": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id }, body: { name: "CI" } }),
  },
  "DELETE /api/projects/:id/deploy-tokens/:tokenId": {
    access: "owner",
    request: (s) => ({ params: { id: s.project.id, tokenId: s.deployToken.id } }),
  },
  "GET /api/v1/deploy": {
    access: "public",
    request: (s) => ({ headers: { authorization: `Bearer ${s.deployToken.secret}` } }),
  },
  "POST /api/v1/deploy": {
    access: "public",
    refusedFiles: collidingBundles,
    request: (s) => ({
      headers: { authorization: `Bearer ${s.deployToken.secret}` },
      form: {
        fields: {},
        files: [
          {
            name: "bundle",
            filename: "dist.zip",
            contentType: "application/zip",
            data: s.bundleZip,
          },
        ],
      },
    }),
  },
};
