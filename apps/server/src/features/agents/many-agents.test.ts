import { startAgent } from "@hybridge/agent/runner";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { seedBuild } from "../builds/test-support";
import { createEmbeddedAgent } from "./manage-agents";
import { listenForMachines, STAND_IN_APK, standInKeystore } from "./test-support";

/**
 * Issue 13's proof of the queue: 3 build machines (the real runner and protocol over HTTP, a
 * quick stand-in for the Android tools) and 30 queued builds: each is built exactly once. A
 * machine that dies holding a build (it claimed, then never called again) loses it when its
 * lease runs out, and another machine finishes it.
 */
let app: TestApp;
let owner: TestUser;
let server: string;

beforeAll(async () => {
  app = await createTestApp({ env: { BUILD_LEASE_SECONDS: "3" } });
  server = await listenForMachines(app);
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

describe("3 build machines and 30 queued builds", () => {
  it("build each exactly once, and finish the build of a machine that died", async () => {
    // One pending build per project and platform (decision 035): 30 projects.
    const projects = await Promise.all(Array.from({ length: 30 }, () => seedProject(app, owner)));
    const builds = await Promise.all(
      projects.map((project) => seedBuild(app, project, { platform: "android", version: 1 })),
    );
    // A machine that takes the oldest build and is never heard of again.
    const dead = await createEmbeddedAgent(app.deps.db, ["android"]);
    const taken = await fetch(`${server}/api/agents/claim`, {
      method: "POST",
      headers: { authorization: `Bearer ${dead.token}`, "content-type": "application/json" },
      body: JSON.stringify({ platforms: ["android"] }),
    });
    const abandoned = ((await taken.json()) as { job: { buildId: string } }).job.buildId;

    const builtBy = new Map<string, string[]>();
    const machines = await Promise.all(
      ["A", "B", "C"].map(async (name) => {
        const identity = await createEmbeddedAgent(app.deps.db, ["android"]);
        const machine = await startAgent({
          server,
          token: identity.token,
          platforms: ["android"],
          pollMs: 100,
          makeKeystore: standInKeystore(name),
          builder: async ({ job, onProgress }) => {
            builtBy.set(job.buildId, [...(builtBy.get(job.buildId) ?? []), name]);
            onProgress(50);
            await new Promise((resolve) => setTimeout(resolve, 20));
            return { apk: STAND_IN_APK, certificateSha256: "ef".repeat(32) };
          },
        });
        return { identity, machine };
      }),
    );
    try {
      const ids = builds.map((build) => build.id);
      await expect
        .poll(
          async () => {
            const rows = await app.deps.db
              .select({ status: schema.builds.status })
              .from(schema.builds)
              .where(inArray(schema.builds.id, ids));
            return rows.map((row) => row.status);
          },
          { timeout: 60_000, interval: 200 },
        )
        .toEqual(ids.map(() => "ready"));
      expect([...builtBy.keys()].sort()).toEqual([...ids].sort());
      for (const [id, by] of builtBy) expect(by, id).toHaveLength(1);
      const [retried] = await app.deps.db
        .select()
        .from(schema.builds)
        .where(eq(schema.builds.id, abandoned));
      expect(retried).toMatchObject({ status: "ready", attempts: 2 });
      // Every machine built some: the work was shared.
      const counts = new Map<string, number>();
      for (const [by] of builtBy.values())
        counts.set(by as string, (counts.get(by as string) ?? 0) + 1);
      expect(counts.size).toBeGreaterThanOrEqual(2);
    } finally {
      await Promise.all(machines.map(({ machine }) => machine.stop()));
      await Promise.all(machines.map(({ identity }) => identity.close()));
      await dead.close();
    }
  }, 120_000);
});
