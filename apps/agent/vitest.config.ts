import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "agent",
    include: ["src/**/*.test.ts"],
    // Real JVM tools on a shared 2-core machine: seconds each, more when the machine is busy.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
