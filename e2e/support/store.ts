import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl } from "./env";

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A real PNG thumbnail from the repository (one of the example modules' images). */
export const thumbnailPng = (): Buffer =>
  readFileSync(path.join(repoRoot, "apps/server/assets/store-seed/camera-scanner.png"));

export type CreatedModule = { id: string; title: string; price: number; platform: string };

/**
 * Adds a module for the context's signed-in user through the store API (multipart, text fields
 * first, then the thumbnail).
 */
export async function createModuleViaApi(
  context: BrowserContext,
  fields: { title?: string; description?: string; price?: string; platform?: string } = {},
  base = baseUrl(),
): Promise<CreatedModule> {
  const response = await context.request.post(`${base}/api/store/modules`, {
    headers: { origin: base },
    multipart: {
      title: fields.title ?? `Module ${randomBytes(3).toString("hex")}`,
      description: fields.description ?? "A module made by a browser test.",
      price: fields.price ?? "0",
      platform: fields.platform ?? "multiplatform",
      thumbnail: { name: "thumbnail.png", mimeType: "image/png", buffer: thumbnailPng() },
    },
  });
  if (response.status() !== 201) {
    throw new Error(`module creation failed: ${response.status()} ${await response.text()}`);
  }
  const { module } = (await response.json()) as { module: CreatedModule };
  return module;
}

export type StoreProject = { id: string; name: string; keyApp: string };

/** Creates an app project for the context's signed-in user through the projects API. */
export async function createStoreProjectViaApi(
  context: BrowserContext,
  name = `App ${randomBytes(3).toString("hex")}`,
): Promise<StoreProject> {
  const base = baseUrl();
  const response = await context.request.post(`${base}/api/projects`, {
    headers: { origin: base },
    multipart: {
      name,
      keyApp: `app-${randomBytes(6).toString("hex")}`,
      description: "An app that uses modules",
      segment: "other",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
    },
  });
  if (response.status() !== 201) {
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  }
  const { project } = (await response.json()) as { project: StoreProject };
  return { id: project.id, name: project.name, keyApp: project.keyApp };
}

/**
 * A real, playable WebM made by the page's own Chromium: a canvas animation recorded with
 * MediaRecorder (VP8). No video file needs to live in the repository.
 */
export async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 160;
    canvas.height = 90;
    const ctx = canvas.getContext("2d");
    if (!ctx) throw new Error("no 2d context");
    const stream = canvas.captureStream(15);
    const recorder = new MediaRecorder(stream, { mimeType: "video/webm;codecs=vp8" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const timer = setInterval(() => {
      ctx.fillStyle = "#0e904d";
      ctx.fillRect(0, 0, 160, 90);
      ctx.fillStyle = "#ffffff";
      ctx.fillRect((frame * 8) % 160, 30, 30, 30);
      frame += 1;
    }, 60);
    recorder.start();
    await new Promise((resolve) => setTimeout(resolve, 800));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()));
  });
  return Buffer.from(bytes);
}

// --- A private server, for the tests that need a store in a known state ---------------------

// E2E_SERVER_ENTRY / E2E_WEB_DIST_DIR point at a private build, as in global-setup.ts.
const serverMain = process.env.E2E_SERVER_ENTRY
  ? path.resolve(process.env.E2E_SERVER_ENTRY)
  : path.join(repoRoot, "apps/server/dist/main.js");
const webDistDir = process.env.E2E_WEB_DIST_DIR
  ? path.resolve(process.env.E2E_WEB_DIST_DIR)
  : path.join(repoRoot, "apps/web/dist");

const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 64 * 1024;

export type OwnServer = { baseUrl: string; dataDir: string; stop: () => Promise<void> };

/**
 * Starts another production server on a free port and a fresh DATA_DIR (the shared one of
 * global-setup.ts seeds the store; some tests need to say how the store starts).
 */
export async function startOwnServer(env: Record<string, string>): Promise<OwnServer> {
  for (const file of [serverMain, path.join(webDistDir, "index.html")]) {
    if (!existsSync(file)) throw new Error(`e2e: ${file} is missing — run npm run build first.`);
  }
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "hybridge-e2e-store-"));
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ["DATABASE_URL", "SMTP_URL", "WEB_DIST_DIR", "TRUSTED_ORIGINS", "SECRET"]) {
    delete childEnv[key];
  }
  Object.assign(childEnv, {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: "warn",
    AUTH_RATE_LIMIT_MAX: "1000",
    ...(process.env.E2E_WEB_DIST_DIR ? { WEB_DIST_DIR: webDistDir } : {}),
    ...env,
  });
  const server = spawn(process.execPath, [serverMain], {
    cwd: repoRoot,
    env: childEnv,
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
    await waitForHealth(base, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: base, dataDir, stop };
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

async function waitForHealth(base: string, server: ChildProcess, output: () => string) {
  let exited: string | undefined;
  server.once("exit", (code, signal) => {
    exited = `exited with ${signal ?? `code ${code}`}`;
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`e2e: the store server ${exited}. Its output:\n${output()}`);
    try {
      const response = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok && ((await response.json()) as { status?: unknown }).status === "ok") return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`e2e: the store server did not start. Its output:\n${output()}`);
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
