import { defineConfig } from "vitest/config";

/**
 * Browser tests against the production build (apps/server/dist + apps/web/dist) in the system
 * Chromium. One server for the whole run (see support/global-setup.ts); files run one after the
 * other so that CI's two cores go to the server and the browser, not to parallel files.
 */
export default defineConfig({
  test: {
    name: "e2e",
    include: ["**/*.spec.ts"],
    globalSetup: ["./support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A condition polled in a browser test gets as long as a locator wait (support/browser.ts),
    // not Vitest's 1 s default: on CI's two loaded cores a lazy route can take longer.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    pool: "forks",
    // The files run one after the other in one worker that keeps its modules (playwright-core,
    // the shared catalogues) instead of importing them anew for each file: over a second a file
    // on CI. Nothing lives at module level in support/, and each file opens and closes its own
    // browser connection, servers and contexts (docs/decisions/053-ci-time.md).
    isolate: false,
  },
});
