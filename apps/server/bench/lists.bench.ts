import { afterAll, bench, describe } from "vitest";
import { seedBuild } from "../src/features/builds/test-support";
import * as schema from "../src/platform/db/schema";
import { seedProject } from "../test/seed";
import { createTestApp, createTestUser } from "../test/test-app";

// The list pages: each costs a fixed number of queries (see the query-count tests); this
// measures what one answer costs with a full list behind it.
const PROJECTS = 100;
const MODULES = 200;

const app = await createTestApp();
const owner = await createTestUser(app);
const headers = { cookie: owner.cookie };
for (let i = 0; i < PROJECTS; i++) {
  const project = await seedProject(app, owner, { name: `App ${i}` });
  await seedBuild(app, project, { platform: i % 2 ? "android" : "apple", version: 1 });
}
await app.deps.db.insert(schema.modules).values(
  Array.from({ length: MODULES }, (_, i) => ({
    title: `Module ${i}`,
    description: "A native module.",
    price: i % 3 === 0 ? 0 : 9.99,
    thumbnailUrl: "module-thumbnails/example.png",
    createdBy: owner.id,
  })),
);
afterAll(async () => {
  await app.cleanup();
});

describe(`list pages (${PROJECTS} projects with builds, ${MODULES} modules)`, () => {
  bench("GET /api/projects (My Projects)", async () => {
    await app.inject({ url: "/api/projects", headers });
  });
  bench("GET /api/builds?platform=android (Builds history)", async () => {
    await app.inject({ url: "/api/builds?platform=android", headers });
  });
  bench("GET /api/store/modules (Store)", async () => {
    await app.inject({ url: "/api/store/modules", headers });
  });
});
