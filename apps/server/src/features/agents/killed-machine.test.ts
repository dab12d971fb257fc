import { spawn } from "node:child_process";
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { detectAndroidToolchain } from "@hybridge/agent/android";
import { machineFolderName, startAgent, WORK_ROOT_PREFIX } from "@hybridge/agent/runner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { seedBuild } from "../builds/test-support";
import { createEmbeddedAgent } from "./manage-agents";
import { listenForMachines } from "./test-support";

/**
 * `npm run agent` killed with -9 in the middle of a build leaves the job's folder in its
 * temporary folder (nothing of it runs to remove it); the machine removes it when it starts
 * again.
 */
const agentCli = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../agent/src/runner/cli.ts",
);
const toolchainReady = (await detectAndroidToolchain()).missing.length === 0;

let app: TestApp;
let owner: TestUser;
let server: string;
let scratch: string;

beforeAll(async () => {
  app = await createTestApp();
  server = await listenForMachines(app);
  owner = await createTestUser(app);
  scratch = mkdtempSync(path.join(tmpdir(), "hybridge-killed-machine-"));
});
afterAll(async () => {
  await app?.cleanup();
  rmSync(scratch, { recursive: true, force: true });
});

describe("a build machine killed with -9", () => {
  it.skipIf(!toolchainReady)(
    "leaves its job's folder behind, and removes it at its next start",
    async () => {
      const project = await seedProject(app, owner);
      await seedBuild(app, project, { platform: "android", version: 1 });
      const machine = await createEmbeddedAgent(app.deps.db, ["android"]);
      // keytool held up: the machine is in the first step of the project's first build.
      const bin = mkdtempSync(path.join(scratch, "bin-"));
      const keytoolPid = path.join(bin, "keytool.pid");
      await writeFile(
        path.join(bin, "keytool"),
        `#!/bin/sh\necho $$ > "${keytoolPid}"\nexec sleep 120\n`,
      );
      chmodSync(path.join(bin, "keytool"), 0o755);
      const temporary = mkdtempSync(path.join(scratch, "tmp-"));
      const cli = spawn(process.execPath, ["--import", "tsx", agentCli, "--server", server], {
        env: {
          ...process.env,
          PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
          TMPDIR: temporary,
          HYBRIDGE_AGENT_TOKEN: machine.token,
        },
        stdio: "pipe",
      });
      const root = path.join(temporary, `${WORK_ROOT_PREFIX}${machineFolderName(machine.token)}`);
      try {
        // keytool started.
        await expect.poll(() => existsSync(keytoolPid), { timeout: 60_000 }).toBe(true);
        const jobs = readdirSync(root).filter((name) => name.startsWith("job-"));
        expect(jobs).toHaveLength(1);
        const exited = once(cli, "exit");
        cli.kill("SIGKILL");
        await exited;
        process.kill(Number(readFileSync(keytoolPid, "utf8")), "SIGKILL");
        // Nothing removed it: the folder (keytool's folder inside it) is still there.
        expect(readdirSync(path.join(root, jobs[0] as string)).length).toBeGreaterThan(0);

        const again = await startAgent({
          server,
          token: machine.token,
          platforms: [],
          workParent: temporary,
          pollMs: 50,
        });
        expect(readdirSync(root)).toEqual(["machine.pid"]);
        await again.stop();
        expect(existsSync(root)).toBe(false);
      } finally {
        if (cli.exitCode === null) cli.kill("SIGKILL");
        await machine.close();
      }
    },
    90_000,
  );
});
