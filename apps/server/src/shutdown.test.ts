import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { detectAndroidToolchain } from "@hybridge/agent/android";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createProjectOn,
  type MainProcess,
  readEventStream,
  signUpOn,
  startMainProcess,
} from "../test/main-process";
import { multipart } from "../test/multipart";
import { accepts } from "../test/net";
import { mp4Bytes, pngBytes } from "../test/test-images";
import { type DatabaseTarget, openDatabase } from "./platform/db/client";
import { builds } from "./platform/db/schema";

/**
 * The real server (src/main.ts through tsx) told to stop with SIGTERM, as an orchestrator does
 * to one of several instances behind a balancer: readiness answers 503 "draining" first, a
 * request in progress gets its real answer, event streams end with a `retry:` hint, the
 * embedded build machine's build goes back to the queue, and the process exits 0.
 */

const SECRET = "shutdown-test-secret-that-is-long-enough-0123456789";
/** How long a step of the shutdown may take to be seen, on CI's two loaded cores. */
const SOON = { timeout: 30_000, interval: 50 };
const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of its own: a PGlite folder, or a fresh PostgreSQL database when the suite has one. */
async function newDatabase(dataDir: string): Promise<{
  env: Record<string, string>;
  target: DatabaseTarget;
}> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server)
    return { env: {}, target: { kind: "pglite", dataDir: path.join(dataDir, "pglite") } };
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  const name = `hybridge_test_${randomBytes(6).toString("hex")}`;
  await admin.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() },
    target: { kind: "postgres", url: url.toString() },
  };
}

type Server = MainProcess & { dataDir: string; target: DatabaseTarget };

async function startServer(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-shutdown-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = await newDatabase(dataDir);
  const server = await startMainProcess({
    DATA_DIR: dataDir,
    SECRET,
    SEED_STORE: "false",
    BUILD_AGENT: "off",
    ...database.env,
    ...env,
  });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });
  return { ...server, dataDir, target: database.target };
}

const signUp = (server: Server) =>
  signUpOn(server.origin, `shutdown-${randomBytes(4).toString("hex")}@example.test`);

describe("a server told to shut down (SIGTERM)", () => {
  it("says draining, finishes the upload in progress, ends streams with a retry hint, exits 0", async () => {
    const server = await startServer({
      SHUTDOWN_DELAY_SECONDS: "2",
      SHUTDOWN_TIMEOUT_SECONDS: "20",
    });
    const cookie = await signUp(server);
    const stream = readEventStream(`${server.origin}/api/feedback/comments/events`);
    await stream.ready;

    // A module upload whose last bytes have not been sent: in progress on the server.
    const form = multipart([
      { name: "title", value: "Uploaded during a shutdown" },
      { name: "description", value: "Its answer arrives after the listener closed." },
      { name: "price", value: "0" },
      { name: "platform", value: "multiplatform" },
      { name: "thumbnail", filename: "t.png", data: pngBytes(64, 36), contentType: "image/png" },
      { name: "video", filename: "v.mp4", data: mp4Bytes(512 * 1024), contentType: "video/mp4" },
    ]);
    const upload = request(`${server.origin}/api/store/modules`, {
      method: "POST",
      headers: {
        ...form.headers,
        "content-length": String(form.payload.length),
        origin: server.origin,
        cookie,
      },
    });
    cleanups.push(() => void upload.destroy());
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      upload.on("error", reject);
      upload.on("response", (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          body += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
    });
    const held = 64 * 1024;
    upload.write(form.payload.subarray(0, form.payload.length - held));
    // The video is being written: the server is in the middle of the request.
    const videos = path.join(server.dataDir, "files", "module-videos");
    await expect
      .poll(
        () => existsSync(videos) && readdirSync(videos).some((f) => f.endsWith(".partial")),
        SOON,
      )
      .toBe(true);

    server.child.kill("SIGTERM");
    // At once: readiness says the server is leaving, while it still serves.
    const draining = await vi.waitUntil(async () => {
      const res = await fetch(`${server.origin}/api/health/ready`);
      return res.status === 503 ? res : undefined;
    }, SOON);
    expect(await draining.json()).toMatchObject({ status: "draining" });
    expect(draining.headers.get("connection")).toBe("close");
    expect((await fetch(`${server.origin}/api/health/live`)).status).toBe(200);

    // After SHUTDOWN_DELAY_SECONDS the listener closes, and the stream ends with its hint.
    await expect.poll(() => accepts(server.port), SOON).toBe(false);
    const streamed = await stream.ended;
    expect(streamed).toMatch(/^retry: \d+$/m);
    expect(server.child.exitCode).toBeNull();

    // The upload in progress still gets its real answer.
    upload.end(form.payload.subarray(form.payload.length - held));
    const { status, body } = await answered;
    expect(status, body).toBe(201);
    expect(JSON.parse(body).module.title).toBe("Uploaded during a shutdown");
    expect(await server.exited, server.output()).toBe(0);
  }, 60_000);
});

const toolchain = await detectAndroidToolchain();

/**
 * A server whose embedded build machine is building a project's first Android build, held in
 * its first step by a stand-in keytool (`keytool`: the script's body after it records its pid).
 */
async function serverBuilding(keytool: string, env: Record<string, string>) {
  const bin = mkdtempSync(path.join(tmpdir(), "hybridge-shutdown-bin-"));
  const jobs = mkdtempSync(path.join(tmpdir(), "hybridge-shutdown-jobs-"));
  const pidFile = path.join(bin, "keytool.pid");
  cleanups.push(() => {
    // The stand-in keytool may outlive the server (its own process group): stop it here.
    if (existsSync(pidFile)) {
      try {
        process.kill(Number(readFileSync(pidFile, "utf8")), "SIGKILL");
      } catch {
        // already gone
      }
    }
    rmSync(bin, { recursive: true, force: true });
    rmSync(jobs, { recursive: true, force: true });
  });
  writeFileSync(path.join(bin, "keytool"), `#!/bin/sh\necho $$ > "${pidFile}"\n${keytool}\n`);
  chmodSync(path.join(bin, "keytool"), 0o755);

  const server = await startServer({
    BUILD_AGENT: "on",
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ""}`,
    // The job's work folder, kept out of the machine's /tmp.
    TMPDIR: jobs,
    ...env,
  });
  const cookie = await signUp(server);
  const projectId = await createProjectOn(server.origin, cookie, {
    name: "Shutdown Café",
    keyApp: `shutdown-${randomBytes(4).toString("hex")}`,
    description: "Built while the server stops.",
    segment: "food",
  });
  const requested = await fetch(`${server.origin}/api/projects/${projectId}/builds`, {
    method: "POST",
    headers: { origin: server.origin, cookie, "content-type": "application/json" },
    body: JSON.stringify({ platform: "android" }),
  });
  expect(requested.status).toBe(201);
  const buildId = ((await requested.json()) as { build: { id: string } }).build.id;

  // The embedded machine is building.
  await expect.poll(() => existsSync(pidFile), SOON).toBe(true);
  const latest = await fetch(
    `${server.origin}/api/projects/${projectId}/builds/latest?platform=android`,
    { headers: { cookie } },
  );
  expect(((await latest.json()) as { build: unknown }).build).toMatchObject({
    id: buildId,
    status: "building",
  });
  return { server, buildId };
}

/** The build's row once the server has exited. */
async function storedBuild(server: Server, buildId: string) {
  const database = await openDatabase(server.target);
  try {
    const [row] = await database.db
      .select({
        status: builds.status,
        agentId: builds.agentId,
        attempts: builds.attempts,
        leaseExpiresAt: builds.leaseExpiresAt,
      })
      .from(builds)
      .where(eq(builds.id, buildId));
    return row;
  } finally {
    await database.close();
  }
}

describe.skipIf(toolchain.missing.length > 0)("the embedded build machine at SIGTERM", () => {
  it("hands a build it cannot finish in time back to the queue, and the process exits 0", async () => {
    // A keytool that never ends: the build cannot finish within the time limit.
    const { server, buildId } = await serverBuilding("exec sleep 60", {
      // The build in hand gets half of it, then goes back to the queue.
      SHUTDOWN_TIMEOUT_SECONDS: "2",
    });
    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).toContain("they go back to the queue");
    // Pending again, held by no machine, its attempt not counted: the next machine claims it.
    expect(await storedBuild(server, buildId)).toEqual({
      status: "pending",
      agentId: null,
      attempts: 0,
      leaseExpiresAt: null,
    });
  }, 60_000);

  it("finishes a build that ends within the time limit, then exits 0", async () => {
    // The real keytool, a second late: SIGTERM arrives while the build is under way.
    const { server, buildId } = await serverBuilding(
      `sleep 1\nexec "${toolchain.tools.keytool}" "$@"`,
      { SHUTDOWN_TIMEOUT_SECONDS: "60" },
    );
    server.child.kill("SIGTERM");
    expect(await server.exited, server.output()).toBe(0);
    expect(server.output()).not.toContain("they go back to the queue");
    expect(await storedBuild(server, buildId)).toMatchObject({ status: "ready", attempts: 1 });
  }, 90_000);
});
