import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      { test: { name: "shared", root: "packages/shared", include: ["src/**/*.test.ts"] } },
      // The repository's own scripts (scripts/check-boundaries.mjs).
      { test: { name: "scripts", root: "scripts", include: ["**/*.test.mjs"] } },
      {
        test: {
          name: "app",
          root: "packages/app",
          environment: "happy-dom",
          include: ["src/**/*.test.ts"],
        },
      },
      {
        test: {
          name: "cli",
          root: "packages",
          include: ["cli/src/**/*.test.ts", "create-hybridge/src/**/*.test.ts"],
        },
      },
      "apps/server/vitest.config.ts",
      "apps/agent/vitest.config.ts",
      "apps/web/vitest.config.ts",
      "e2e/vitest.config.ts",
    ],
  },
});
