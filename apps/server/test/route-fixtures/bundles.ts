import type { RouteFixtures } from "./fixture";
import type { Seed } from "./seed";

/** A web bundle's upload form (the console's and the deploy's), with these zip's bytes. */
const bundleForm = (zip: Buffer) => ({
  fields: {},
  files: [{ name: "bundle", filename: "dist.zip", contentType: "application/zip", data: zip }],
});

/** Zips whose names collide once unpacked: every bundle upload refuses them. */
const collidingBundles = (s: Seed) =>
  s.collidingBundles.map(({ label, zip }) => ({ label, files: bundleForm(zip).files }));

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
      form: bundleForm(s.bundleZip),
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
  // To the spare project: its many valid cases must not prune the project's bundles. With the
  // update's fields (issue 27), each checked one at a time.
  "POST /api/v1/deploy": {
    access: "public",
    refusedFiles: collidingBundles,
    request: (s) => ({
      headers: { authorization: `Bearer ${s.spareDeployToken}` },
      form: {
        ...bundleForm(s.bundleZip),
        fields: { channel: "beta", rolloutPercent: "50", message: "Fix the typo" },
      },
    }),
  },
};
