import { agentsFixtures } from "./route-fixtures/agents";
import { appUsersFixtures } from "./route-fixtures/app-users";
import { auditFixtures } from "./route-fixtures/audit";
import { authFixtures } from "./route-fixtures/auth";
import { buildsFixtures } from "./route-fixtures/builds";
import { bundlesFixtures } from "./route-fixtures/bundles";
import { communityFixtures } from "./route-fixtures/community";
import { dataFixtures } from "./route-fixtures/data";
import { devAppFixtures } from "./route-fixtures/dev-app";
import { feedbackFixtures } from "./route-fixtures/feedback";
import { filesFixtures } from "./route-fixtures/files";
import type { RouteFixtures } from "./route-fixtures/fixture";
import { platformFixtures } from "./route-fixtures/platform";
import { projectsFixtures } from "./route-fixtures/projects";
import { storeFixtures } from "./route-fixtures/store";
import { testConsoleFixtures } from "./route-fixtures/test-console";
import { updatesFixtures } from "./route-fixtures/updates";

/**
 * One valid request for every route of the app, for the tests that walk the route table
 * (src/route-table.test.ts): each case changes one field of it, so that what answers is that
 * field. A route without a fixture fails those tests; a new route adds its own in its feature's
 * file under route-fixtures/ (the scenario they name, `s`, is route-fixtures/seed.ts).
 */
const FEATURES: Record<string, RouteFixtures> = {
  platform: platformFixtures,
  auth: authFixtures,
  community: communityFixtures,
  feedback: feedbackFixtures,
  files: filesFixtures,
  projects: projectsFixtures,
  builds: buildsFixtures,
  bundles: bundlesFixtures,
  agents: agentsFixtures,
  data: dataFixtures,
  "app-users": appUsersFixtures,
  "test-console": testConsoleFixtures,
  "dev-app": devAppFixtures,
  store: storeFixtures,
  updates: updatesFixtures,
  audit: auditFixtures,
};

/** Every feature's fixtures in one table; a route given a fixture in two files is refused. */
export const ROUTE_FIXTURES: RouteFixtures = {};
const featureOf = new Map<string, string>();
for (const [feature, fixtures] of Object.entries(FEATURES)) {
  for (const [key, fixture] of Object.entries(fixtures)) {
    const first = featureOf.get(key);
    if (first) {
      throw new Error(`${key} has a fixture in route-fixtures/${first}.ts and in ${feature}.ts`);
    }
    featureOf.set(key, feature);
    ROUTE_FIXTURES[key] = fixture;
  }
}
