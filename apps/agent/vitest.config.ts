import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "agent",
    include: ["src/**/*.test.ts"],
    // One upload key per certificate name for the whole run (test/upload-keystores.ts).
    globalSetup: ["test/global-setup.ts"],
    // Real JVM tools on a shared 2-core machine: seconds each, more when the machine is busy.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
