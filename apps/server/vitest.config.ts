import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Files and the tests in them run in a random order, so none can lean on another's leftovers.
    // The seed is printed at the start ("Running tests with seed …" when the run passes
    // --sequence.shuffle, as the root scripts do); replay a failure with --sequence.seed=N.
    sequence: { shuffle: true },
  },
});
