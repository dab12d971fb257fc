// npm run bench -w @hybridge/server: the time from a build request to a ready, signed APK,
// through the real queue and protocol (one build machine, the real Android tools, PGlite),
// median of 10. Issue 13's target: under 15 s on the 2-core machine.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAgent } from "@hybridge/agent/runner";
import { buildApp } from "../src/app";
import { createEmbeddedAgent } from "../src/features/agents/manage-agents";
import { loadConfig } from "../src/platform/config";
import { openDatabase } from "../src/platform/db/client";
import { seedProject } from "../test/seed";
import { createTestUser, postJson, TEST_ORIGIN, TEST_SECRET, type TestApp } from "../test/test-app";

const RUNS = Number(process.env.BENCH_BUILD_RUNS ?? 10);

// A server of its own on a fresh PGlite folder (no test runner here).
const dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-bench-build-"));
const config = loadConfig({
  DATA_DIR: dataDir,
  SECRET: TEST_SECRET,
  PUBLIC_URL: TEST_ORIGIN,
  LOG_LEVEL: "silent",
  BUILD_AGENT: "off",
});
const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "db") });
const built = await buildApp({ config, database, serveWeb: false });
const app = Object.assign(built, {
  dataDir,
  routes: [],
  cleanup: async () => {
    await built.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  },
}) as unknown as TestApp;
await app.listen({ port: 0, host: "127.0.0.1" });
const address = app.server.address();
const server = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
const owner = await createTestUser(app);
const project = await seedProject(app, owner, { name: "Bench app" });
const identity = await createEmbeddedAgent(app.deps.db, ["android"]);
const machine = await startAgent({ server, token: identity.token, pollMs: 100 });
if (machine.platforms.length === 0) {
  console.error("The Android build tools are missing: nothing to measure.");
  process.exit(1);
}
const times: number[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const started = performance.now();
    const requested = await postJson(
      app,
      `/api/projects/${project.id}/builds`,
      { platform: "android" },
      owner.cookie,
    );
    const id = requested.json().build.id as string;
    for (;;) {
      const latest = await app.inject({
        url: `/api/projects/${project.id}/builds/latest?platform=android`,
        headers: { cookie: owner.cookie },
      });
      const build = latest.json().build;
      if (build.id === id && build.status === "ready") break;
      if (build.status === "failed") throw new Error(`build failed: ${build.failureReason}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    times.push(performance.now() - started);
    console.log(`build ${run + 1}: ${(times.at(-1) ?? 0).toFixed(0)} ms`);
  }
} finally {
  await machine.stop();
  await identity.close();
  await app.cleanup();
}
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
console.log(
  `request → ready APK: median ${(median / 1000).toFixed(2)} s over ${RUNS} builds (first, with the upload key and the shell's dex: ${((times[0] ?? 0) / 1000).toFixed(2)} s)`,
);
