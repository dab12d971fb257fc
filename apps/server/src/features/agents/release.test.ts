import { spawn } from "node:child_process";
import { once } from "node:events";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { detectAndroidToolchain } from "@hybridge/agent/android";
import { startAgent } from "@hybridge/agent/runner";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { seedBuild } from "../builds/test-support";
import { createEmbeddedAgent } from "./manage-agents";
import { listenForMachines, STAND_IN_APK, standInKeystore } from "./test-support";

/**
 * A build machine that shuts down before its build is done hands it back (POST
 * /api/agents/release, what `npm run agent` does past --stop-timeout): the build is queued again
 * at once without an attempt counted, the machine's later calls about it are refused, and
 * another machine builds it.
 */
const agentCli = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../agent/src/runner/cli.ts",
);
const toolchainReady = (await detectAndroidToolchain()).missing.length === 0;

/** How long a machine may take to claim or build, on CI's two loaded cores. */
const SOON = { timeout: 30_000, interval: 50 };

let app: TestApp;
let owner: TestUser;
let server: string;

beforeAll(async () => {
  app = await createTestApp();
  server = await listenForMachines(app);
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const buildRow = async (id: string) =>
  (await app.deps.db.select().from(schema.builds).where(eq(schema.builds.id, id)))[0];

describe("POST /api/agents/release", () => {
  it("queues a stopping machine's build again at once, for another machine", async () => {
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    const leaving = await createEmbeddedAgent(app.deps.db, ["android"]);
    const outcomes: string[] = [];
    const first = await startAgent({
      server,
      token: leaving.token,
      platforms: ["android"],
      pollMs: 50,
      makeKeystore: standInKeystore("release"),
      // Its tools are slow: still building when the machine stops, until they are killed.
      builder: ({ signal }) =>
        new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => reject(new Error("stopped by SIGKILL")));
        }),
      onJobDone: (_id, outcome) => outcomes.push(outcome),
    });
    await expect.poll(async () => (await buildRow(build.id))?.status, SOON).toBe("building");
    expect(await first.release()).toBe(1);
    expect(await buildRow(build.id)).toMatchObject({
      status: "pending",
      agentId: null,
      attempts: 0,
    });
    // Its tools were killed: the job ends at once, and its failure is refused (no longer its
    // build), which leaves the build queued.
    await first.stop();
    expect(outcomes).toEqual(["lost"]);
    expect((await buildRow(build.id))?.status).toBe("pending");

    const other = await createEmbeddedAgent(app.deps.db, ["android"]);
    const second = await startAgent({
      server,
      token: other.token,
      platforms: ["android"],
      pollMs: 50,
      makeKeystore: standInKeystore("release"),
      builder: async () => ({ apk: STAND_IN_APK, certificateSha256: "cd".repeat(32) }),
    });
    try {
      await expect.poll(async () => (await buildRow(build.id))?.status, SOON).toBe("ready");
      expect(await buildRow(build.id)).toMatchObject({ status: "ready", attempts: 1 });
    } finally {
      await second.stop();
      await Promise.all([leaving.close(), other.close()]);
    }
  });

  it("hands back nothing for a machine that holds nothing, and refuses a stranger", async () => {
    const idle = await createEmbeddedAgent(app.deps.db, ["android"]);
    try {
      const answer = await fetch(`${server}/api/agents/release`, {
        method: "POST",
        headers: { authorization: `Bearer ${idle.token}` },
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ released: 0 });
      const stranger = await fetch(`${server}/api/agents/release`, {
        method: "POST",
        headers: { authorization: "Bearer hb_agent_unknown" },
      });
      expect(stranger.status).toBe(401);
    } finally {
      await idle.close();
    }
  });

  it.skipIf(!toolchainReady)(
    "is what npm run agent does on SIGTERM past --stop-timeout, then exits 0",
    async () => {
      const project = await seedProject(app, owner);
      const build = await seedBuild(app, project, { platform: "android", version: 1 });
      const machine = await createEmbeddedAgent(app.deps.db, ["android"]);
      const cli = spawn(
        process.execPath,
        ["--import", "tsx", agentCli, "--server", server, "--stop-timeout", "0"],
        { env: { ...process.env, HYBRIDGE_AGENT_TOKEN: machine.token }, stdio: "pipe" },
      );
      let output = "";
      cli.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
      });
      try {
        await expect.poll(async () => (await buildRow(build.id))?.status, SOON).toBe("building");
        const exited = once(cli, "exit");
        cli.kill("SIGTERM");
        const [code] = await exited;
        expect(code, output).toBe(0);
        expect(output).toContain("handed 1 build(s) back to the queue");
        expect(await buildRow(build.id)).toMatchObject({ status: "pending", agentId: null });
      } finally {
        if (cli.exitCode === null) cli.kill("SIGKILL");
        await machine.close();
      }
    },
  );
});
