import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type MainProcess, signUpOn, startMainProcess } from "../test/main-process";
import { multipart } from "../test/multipart";
import { mp4Bytes, pngBytes } from "../test/test-images";
import { openDatabase } from "./platform/db/client";
import { storedFiles } from "./platform/db/schema";

/** A crash and a restart on CI's two cores: up to 90 s. */
const SLOW = { timeout: 90_000, interval: 50 };

/**
 * The real server (src/main.ts through tsx), killed with SIGKILL in the middle of module
 * uploads, then started again: the files those uploads had written without their rows are
 * removed by the sweep at start, and nothing else is.
 */

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

type Server = MainProcess;

async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const server = await startMainProcess(
    {
      DATA_DIR: dataDir,
      SECRET: "crash-test-secret-that-is-long-enough-0123456789",
      AUTH_RATE_LIMIT_MAX: "1000",
      WRITE_RATE_LIMIT_MAX: "1000",
      ...env,
    },
    { timeoutMs: 90_000 },
  );
  children.add(server.child);
  server.child.on("exit", () => children.delete(server.child));
  return server;
}

function stop(server: Server, signal: NodeJS.Signals) {
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill(signal);
  return exited;
}

const signUp = (server: Server) => signUpOn(server.origin, "crash@example.test");

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
      await vi.waitUntil(() => {
        const added = storedKeys().filter((key) => !before.has(key));
        const video = added.find((key) => key.endsWith(".mp4.partial"));
        return (
          added.some((key) => key.endsWith(".webp")) &&
          video &&
          statSync(path.join(filesRoot(), video)).size > 0
        );
      }, SLOW);
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
    // The sweep has run.
    await expect.poll(() => storedKeys().length, SLOW).toBe(recorded.length);
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
