import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { signUpOn, startMainProcess } from "../test/main-process";

/**
 * `npm run backup` and `npm run restore` as an operator runs them (decision 061), against the
 * real server process: progress on stdout, one line on stderr and exit code 1 on failure.
 */
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = mkdtempSync(path.join(tmpdir(), "hybridge-backup-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--import", "tsx", "src/backup-cli.ts", ...args], {
    cwd: serverRoot,
    env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) =>
    child.once("exit", (code) => resolve({ code, stdout, stderr })),
  );
}

describe("npm run backup and npm run restore", () => {
  it("back up the running server through DATA_DIR's socket and restore into an empty DATA_DIR only", async () => {
    const dataDir = path.join(root, "data");
    const file = path.join(root, "backup.zip");
    const env = { DATA_DIR: dataDir, BUILD_AGENT: "off", SEED_STORE: "false" };
    const stopped = await cli(["backup", file], env);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr.trim()).toBe(
      `Backup failed: No Hybridge server is running on ${dataDir}: start it (the embedded database is copied through the running server).`,
    );

    const server = await startMainProcess(env);
    try {
      await signUpOn(server.origin, "cli@example.test");
      const made = await cli(["backup", file], env);
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      expect(made.stdout).toContain("Copying the embedded database through the server");
      expect(made.stdout).toContain(`Backup written to ${file}`);
    } finally {
      server.child.kill("SIGTERM");
      await server.exited;
    }

    const restoredDir = path.join(root, "restored");
    const restored = await cli(["restore", file], { DATA_DIR: restoredDir });
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`into ${restoredDir}`);
    expect(readdirSync(restoredDir).sort()).toEqual(["pglite", "secret"]);

    const refused = await cli(["restore", file], { DATA_DIR: restoredDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split("\n")).toEqual([
      `Restore failed: DATA_DIR ${restoredDir} is not empty: a backup is restored into an empty one (move it away first).`,
    ]);
    const usage = await cli(["restore"], { DATA_DIR: path.join(root, "none") });
    expect(usage.code).toBe(1);
    expect(existsSync(path.join(root, "none"))).toBe(false);
  }, 60_000);
});
