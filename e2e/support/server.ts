import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../apps/server/test/net";

export { freePort };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// E2E_SERVER_ENTRY / E2E_WEB_DIST_DIR point at a private build, so that parallel work does not
// share one bundle (see apps/server/scripts/build.mjs --outfile).
const serverMain = process.env.E2E_SERVER_ENTRY
  ? path.resolve(process.env.E2E_SERVER_ENTRY)
  : path.join(repoRoot, "apps/server/dist/main.js");
const webDistDir = process.env.E2E_WEB_DIST_DIR
  ? path.resolve(process.env.E2E_WEB_DIST_DIR)
  : path.join(repoRoot, "apps/web/dist");

const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

export type E2eServer = {
  /** e.g. http://localhost:41235 (no trailing slash). */
  baseUrl: string;
  url: (path: string) => string;
  dataDir: string;
  /** The last 64 KiB the server printed. */
  output: () => string;
  /** Stops the server and deletes its data folder. */
  stop: () => Promise<void>;
  /** Ends the process at once (SIGKILL, a crash) and waits for it to be gone. */
  kill: () => Promise<void>;
  /** How the process ended: its exit code, or null while it runs or when a signal ended it. */
  exitCode: () => number | null;
};

/**
 * Starts the production build on a free port and a fresh DATA_DIR, with its own PGlite database
 * and the file mail outbox whatever the caller's environment says. The shared server of
 * global-setup.ts is one; tests that need a setting read at start (ADMIN_EMAILS, SEED_STORE) or an
 * empty database start another with `extraEnv`.
 */
export async function startServer(extraEnv: Record<string, string> = {}): Promise<E2eServer> {
  for (const file of [serverMain, path.join(webDistDir, "index.html")]) {
    if (!existsSync(file)) throw new Error(`e2e: ${file} is missing — run npm run build first.`);
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-e2e-"));

  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "SMTP_URL", "WEB_DIST_DIR", "TRUSTED_ORIGINS", "SECRET"]) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_MAX: "1000",
    WRITE_RATE_LIMIT_MAX: "1000",
    WEB_DIST_DIR: webDistDir,
    // The dev app takes a minute of CPU to build: only the tests of it (dev-app.spec.ts) do.
    DEV_APP_BUILD: "false",
    ...extraEnv,
  });

  const server = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_LIMIT);
  };
  server.stdout?.on("data", collect);
  server.stderr?.on("data", collect);

  const stop = async () => {
    await stopProcess(server);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  const kill = async () => {
    if (server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
    server.kill("SIGKILL");
    await exited;
  };
  return {
    baseUrl,
    url: (p) => `${baseUrl}${p}`,
    dataDir,
    output: () => output,
    stop,
    kill,
    exitCode: () => server.exitCode,
  };
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  let exited: string | undefined;
  server.once("exit", (code, signal) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`e2e: the server ${exited} before it was ready. Its output:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`, {
        signal: AbortSignal.timeout(5_000),
      });
      if (response.ok && ((await response.json()) as { status?: unknown }).status === "ready") {
        return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `e2e: the server was not ready (/api/health/ready) within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${output()}`,
  );
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
