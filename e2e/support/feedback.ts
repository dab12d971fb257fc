import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Comment } from "@hybridge/shared/feedback/schemas";
import type { BrowserContext } from "playwright-core";
import { COOKIE_CONSENT_KEY } from "./browser";
import { uniqueEmail, uniquePassword } from "./users";

/*
 * Feedback tests need a server of their own twice: to see the empty state (the shared server's
 * comments depend on what ran before) and to have an admin (ADMIN_EMAILS is read at start). This
 * starts the same production build as support/global-setup.ts, on its own port and DATA_DIR.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverMain = process.env.E2E_SERVER_ENTRY
  ? path.resolve(process.env.E2E_SERVER_ENTRY)
  : path.join(repoRoot, "apps/server/dist/main.js");
const webDistDir = process.env.E2E_WEB_DIST_DIR
  ? path.resolve(process.env.E2E_WEB_DIST_DIR)
  : path.join(repoRoot, "apps/web/dist");

const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

export type PrivateServer = { baseUrl: string; stop: () => Promise<void> };

export async function startPrivateServer(
  options: { adminEmails?: string[] } = {},
): Promise<PrivateServer> {
  for (const file of [serverMain, path.join(webDistDir, "index.html")]) {
    if (!existsSync(file)) throw new Error(`e2e: ${file} is missing — run npm run build first.`);
  }
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-e2e-feedback-"));
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
    ADMIN_EMAILS: (options.adminEmails ?? []).join(","),
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: webDistDir } : {}),
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
  return { baseUrl, stop };
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
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`e2e: the private server did not start. Its output:\n${output()}`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Pages of a context opened by `useBrowser()` may visit another server by absolute URL; the
 * cookie consent is stored for every origin so that the banner stays away there too.
 */
export async function acceptCookiesEverywhere(context: BrowserContext) {
  await context.addInitScript(
    (key) => window.localStorage.setItem(key, "accepted"),
    COOKIE_CONSENT_KEY,
  );
}

export type ApiUser = { email: string; password: string; cookie: string };

/** A new account on `base` and its session cookie, for setting up data without a browser. */
export async function createApiUser(base: string, email = uniqueEmail()): Promise<ApiUser> {
  const password = uniquePassword();
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email, password, name: email.split("@")[0] }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0];
  if (!cookie) throw new Error("sign-up set no session cookie");
  return { email, password, cookie };
}

export async function postCommentViaApi(base: string, user: ApiUser, text: string) {
  const response = await fetch(`${base}/api/feedback/comments`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, cookie: user.cookie },
    body: JSON.stringify({ text }),
  });
  if (response.status !== 201) {
    throw new Error(`posting a comment failed: ${response.status} ${await response.text()}`);
  }
  return (await response.json()) as Comment;
}
