import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext } from "playwright-core";
import { COOKIE_CONSENT_KEY } from "./browser";

/*
 * The shared e2e server (global-setup.ts) runs without ADMIN_EMAILS, and the admin list is read
 * once at start. The early-adopter tests therefore start a second, private server with their
 * admin configured: same build, same resolution of E2E_SERVER_ENTRY / E2E_WEB_DIST_DIR, its own
 * DATA_DIR and port.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverMain = process.env.E2E_SERVER_ENTRY
  ? path.resolve(process.env.E2E_SERVER_ENTRY)
  : path.join(repoRoot, "apps/server/dist/main.js");
const webDistDir = process.env.E2E_WEB_DIST_DIR
  ? path.resolve(process.env.E2E_WEB_DIST_DIR)
  : path.join(repoRoot, "apps/web/dist");

const STARTUP_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

export type PrivateServer = {
  /** e.g. http://localhost:41235 (no trailing slash). */
  baseUrl: string;
  url: (path: string) => string;
  stop: () => Promise<void>;
};

/** Starts the production server on a free port and a fresh DATA_DIR with extra settings. */
export async function startPrivateServer(extraEnv: Record<string, string>): Promise<PrivateServer> {
  for (const file of [serverMain, path.join(webDistDir, "index.html")]) {
    if (!existsSync(file)) throw new Error(`e2e: ${file} is missing — run npm run build first.`);
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-e2e-community-"));

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
    WEB_DIST_DIR: webDistDir,
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
  return { baseUrl, url: (p) => `${baseUrl}${p}`, stop };
}

/**
 * The shared browser helper accepts the cookie banner for the shared server's origin only; do
 * the same for another origin, so that the banner never covers the page.
 */
export async function acceptCookiesFor(context: BrowserContext, origin: string) {
  await context.addInitScript(
    ({ origin, key }) => {
      if (window.location.origin === origin) window.localStorage.setItem(key, "accepted");
    },
    { origin, key: COOKIE_CONSENT_KEY },
  );
}

/** Adds an e-mail to the beta list through the API, as a visitor would. */
export async function signUpBetaViaApi(base: string, email: string): Promise<Response> {
  return fetch(`${base}/api/community/beta`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email }),
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("e2e: no free port"))));
    });
  });
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
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && ((await response.json()) as { status?: unknown }).status === "ok") return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `e2e: the server did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000} s. Its output:\n${output()}`,
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
