import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Runs src/main.ts (through tsx) with `env` until it exits. */
function runMain(env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

let blocker: Server;
let port: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-main-"));
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  port = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

describe("starting the server", () => {
  it("says in one line that the port is taken, exits 1 and frees the data directory", async () => {
    const result = await runMain({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SEED_STORE: "false",
      SECRET: "x".repeat(40),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Port ${port} is already in use on 127.0.0.1: stop the program using it, or start Hybridge with another PORT.`,
    );
    expect(result.stdout).not.toContain("EADDRINUSE");
    expect(existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  }, 90_000);
});
