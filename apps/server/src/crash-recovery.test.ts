import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../test/multipart";
import { freePort, until as waitUntil } from "../test/net";
import { mp4Bytes, pngBytes } from "../test/test-images";
import { openDatabase } from "./platform/db/client";
import { storedFiles } from "./platform/db/schema";

/** A crash and a restart on CI's two cores: up to 90 s. */
const until = <T>(probe: () => T | undefined | Promise<T | undefined>, what: string) =>
  waitUntil(probe, what, 90_000);

/**
 * The real server (src/main.ts through tsx), killed with SIGKILL in the middle of module
 * uploads, then started again: the files those uploads had written without their rows are
 * removed by the sweep at start, and nothing else is.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let dataDir: string;
const children = new Set<ChildProcess>();

beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-crash-"));
});
afterAll(() => {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

const filesRoot = () => path.join(dataDir, "files");
/** Every file under DATA_DIR/files, as storage keys. */
function storedKeys(): string[] {
  if (!existsSync(filesRoot())) return [];
  return readdirSync(filesRoot(), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(filesRoot(), path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
    )
    .sort();
}

type Server = { child: ChildProcess; origin: string; output: () => string };

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SECRET: "crash-test-secret-that-is-long-enough-0123456789",
      LOG_LEVEL: "warn",
      AUTH_RATE_LIMIT_MAX: "1000",
      WRITE_RATE_LIMIT_MAX: "1000",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.on("exit", () => children.delete(child));
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  await until(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    const res = await fetch(`${origin}/api/health`).catch(() => null);
    return res?.ok;
  }, "the server answers");
  return { child, origin, output: () => output };
}

function stop(server: Server, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  return exited;
}

async function signUp(server: Server): Promise<string> {
  const res = await fetch(`${server.origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin: server.origin, "content-type": "application/json" },
    body: JSON.stringify({
      email: "crash@example.test",
      password: "correct-horse-battery",
      name: "crash",
    }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token"));
  return (cookie as string).split(";")[0] as string;
}

const moduleForm = (video: Buffer) =>
  multipart([
    { name: "title", value: "Crash test" },
    { name: "description", value: "Uploaded while the server dies." },
    { name: "price", value: "0" },
    { name: "platform", value: "multiplatform" },
    { name: "thumbnail", filename: "t.png", data: pngBytes(64, 36), contentType: "image/png" },
    { name: "video", filename: "v.mp4", data: video, contentType: "video/mp4" },
  ]);

/** Sends `bytes` of the form's body, then waits without ending it. */
function sendPart(
  server: Server,
  cookie: string,
  form: ReturnType<typeof multipart>,
  bytes: number,
) {
  const req = request(`${server.origin}/api/store/modules`, {
    method: "POST",
    headers: {
      ...form.headers,
      "content-length": String(form.payload.length),
      origin: server.origin,
      cookie,
    },
  });
  // The server dies under it: the request's failure is the point.
  req.on("error", () => {});
  req.write(form.payload.subarray(0, bytes));
  return req;
}

async function recordedKeys(): Promise<string[]> {
  const database = await openDatabase({ kind: "pglite", dataDir: path.join(dataDir, "pglite") });
  try {
    const rows = await database.db.select({ key: storedFiles.key }).from(storedFiles);
    return rows.map((row) => row.key).sort();
  } finally {
    await database.close();
  }
}

describe("a server killed during uploads", () => {
  it("keeps exactly the files that have rows once restarted and swept", async () => {
    let server = await startServer();
    const cookie = await signUp(server);
    const complete = moduleForm(mp4Bytes());
    const whole = await fetch(`${server.origin}/api/store/modules`, {
      method: "POST",
      headers: { ...complete.headers, origin: server.origin, cookie },
      body: complete.payload,
    });
    expect(whole.status).toBe(201);

    const CRASHES = 3;
    for (let crash = 1; crash <= CRASHES; crash++) {
      if (crash > 1) server = await startServer();
      const before = new Set(storedKeys());
      const form = moduleForm(mp4Bytes(20 * 1024 * 1024));
      const upload = sendPart(server, cookie, form, form.payload.length - 8 * 1024 * 1024);
      // Killed once the thumbnail is in place and the video is being written.
      await until(() => {
        const added = storedKeys().filter((key) => !before.has(key));
        const video = added.find((key) => key.endsWith(".mp4.partial"));
        return (
          added.some((key) => key.endsWith(".webp")) &&
          video &&
          statSync(path.join(filesRoot(), video)).size > 0
        );
      }, `upload ${crash} is half-written`);
      await stop(server, "SIGKILL");
      upload.destroy();
    }

    // Every crash left a thumbnail and a partial video without a row.
    const left = storedKeys();
    const recorded = await recordedKeys();
    const unrecorded = left.filter((key) => !recorded.includes(key));
    expect(unrecorded).toHaveLength(2 * CRASHES);
    expect(recorded.every((key) => left.includes(key))).toBe(true);

    // Started again with no age margin (no upload is under way): the sweep at start.
    server = await startServer({ FILE_SWEEP_MIN_AGE_MINUTES: "0" });
    await until(() => storedKeys().length === recorded.length, "the sweep has run");
    await stop(server, "SIGTERM");
    expect(storedKeys()).toEqual(await recordedKeys());
    expect(storedKeys()).toEqual(recorded);
    // The seeded modules' thumbnails and the finished upload's files are among them.
    expect(recorded.filter((key) => key.startsWith("module-thumbnails/")).length).toBeGreaterThan(
      1,
    );
    expect(recorded.some((key) => key.startsWith("module-videos/"))).toBe(true);
  }, 300_000);
});
