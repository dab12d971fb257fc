import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // The files share their worker's modules instead of importing the server anew each (about
    // 2 s a file, a third of the suite's time on CI's two cores). Nothing leaks from one file to
    // the next: each closes its own app and database in its afterAll, and the server's
    // module-level caches are keyed by database.
    isolate: false,
    // Files and the tests in them run in a random order, so none can lean on another's leftovers.
    // The seed is printed at the start ("Running tests with seed …" when the run passes
    // --sequence.shuffle, as the root scripts do); replay a failure with --sequence.seed=N.
    sequence: { shuffle: true },
  },
});
