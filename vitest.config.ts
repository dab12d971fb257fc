import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      // shared, cli and web: the files share their worker's modules (isolate: false) instead of
      // importing them anew each — no module mocks, every stubbed global is unstubbed and every
      // render cleaned up after each test (docs/decisions/053-ci-time.md: shared 17 s → 5 s,
      // web 77 s → 26 s). The app SDK's files keep their isolation: the SDK holds its session
      // in module state.
      {
        test: {
          name: "shared",
          root: "packages/shared",
          include: ["src/**/*.test.ts"],
          isolate: false,
        },
      },
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
          isolate: false,
        },
      },
      "apps/server/vitest.config.ts",
      "apps/agent/vitest.config.ts",
      "apps/web/vitest.config.ts",
      "e2e/vitest.config.ts",
    ],
  },
});
