import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { finished, pipeline } from "node:stream/promises";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yazl from "yazl";
import {
  createProjectOn,
  type MainProcess,
  signUpOn,
  startMainProcess,
} from "../../../test/main-process";
import { SAMPLE_INDEX, sampleBundle } from "./test-support";

/**
 * Issue 22: four parallel 50 MB bundle uploads took the server from 400 to 619 MB, because the
 * re-pack held each file, its copy and the compressed zip in memory. Here the real server
 * process (its own PGlite, or a PostgreSQL database of its own) takes four maximal uploads at
 * once, streamed from disk, and its peak resident memory during them is read from the kernel
 * (/proc/<pid>/status VmHWM, reset just before with clear_refs): it must stay far below what
 * holding the bundles would take (4 × 50 MB of files alone).
 */

const SECRET = "upload-memory-test-secret-that-is-long-enough-0123";
const BUNDLE_MB = 50;
/**
 * Peak growth allowed over the memory in use before the uploads: measured 2–3 MB on PGlite and
 * about 40 MB on PostgreSQL (where the process starts smaller and has less freed memory to
 * reuse), against 549 MB when the re-pack held the bundles.
 */
const MAX_GROWTH_MB = 150;

const cleanups: Array<() => void | Promise<void>> = [];
let server: MainProcess;
let work: string;
let bigZip: string;

afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A database of its own when the suite runs on PostgreSQL (else the server's PGlite). */
async function databaseEnv(): Promise<Record<string, string>> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) return {};
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  const name = `hybridge_test_${randomBytes(6).toString("hex")}`;
  await sql.unsafe(`create database "${name}"`);
  cleanups.push(async () => {
    await sql.unsafe(`drop database if exists "${name}" with (force)`);
    await sql.end({ timeout: 5 });
  });
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

/** A zip as large as a bundle may be: index.html and one incompressible file, on disk. */
async function writeMaximalBundle(file: string) {
  const data = path.join(work, "big.bin");
  const out = createWriteStream(data);
  // Just under the limit, with room for index.html.
  const size = BUNDLE_MB * 1024 * 1024 - 64 * 1024;
  for (let written = 0; written < size; written += 1024 * 1024) {
    const chunk = randomBytes(Math.min(1024 * 1024, size - written));
    if (!out.write(chunk)) await once(out, "drain");
  }
  out.end();
  await finished(out);
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(SAMPLE_INDEX), "index.html");
  zip.addFile(data, "assets/big.bin", { compress: false });
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(file));
  rmSync(data);
}

/** POST …/bundles with `file` as the bundle, streamed from disk (never held whole here). */
function uploadFile(projectId: string, cookie: string, file: string): Promise<number> {
  const boundary = `----hybridge${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="bundle"; filename="dist.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${server.origin}/api/projects/${projectId}/bundles`,
      {
        method: "POST",
        headers: {
          origin: server.origin,
          cookie,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      },
    );
    req.on("error", reject);
    req.write(head);
    const body = createReadStream(file);
    body.on("error", reject);
    body.on("end", () => req.end(tail));
    body.pipe(req, { end: false });
  });
}

const memoryKb = (field: "VmHWM" | "VmRSS") => {
  const status = readFileSync(`/proc/${server.child.pid}/status`, "utf8");
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  if (!match?.[1]) throw new Error(`no ${field} in /proc/<pid>/status`);
  return Number(match[1]);
};

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), "hybridge-upload-memory-"));
  cleanups.push(() => rmSync(work, { recursive: true, force: true }));
  bigZip = path.join(work, "bundle.zip");
  await writeMaximalBundle(bigZip);
  server = await startMainProcess(
    {
      DATA_DIR: path.join(work, "data"),
      SECRET,
      SEED_STORE: "false",
      BUILD_AGENT: "off",
      BUNDLE_MAX_MB: String(BUNDLE_MB),
      ...(await databaseEnv()),
    },
    { timeoutMs: 120_000 },
  );
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });
}, 180_000);

describe("four maximal bundle uploads at once", () => {
  it(`are re-packed to storage with less than ${MAX_GROWTH_MB} MB more memory at their peak`, async () => {
    const cookie = await signUpOn(
      server.origin,
      `memory-${randomBytes(4).toString("hex")}@example.test`,
    );
    const projectId = await createProjectOn(server.origin, cookie, {
      name: "Big bundles",
      keyApp: `memory-${randomBytes(4).toString("hex")}`,
      description: "Four uploads at once.",
      segment: "other",
    });

    // Once through every code path first (modules loaded, pools made), with a small bundle.
    const small = path.join(work, "small.zip");
    await writeFile(small, await sampleBundle());
    expect(await uploadFile(projectId, cookie, small)).toBe(201);

    // The peak from here on (Linux: writing 5 to clear_refs resets VmHWM to the current RSS).
    const before = memoryKb("VmRSS");
    await writeFile(`/proc/${server.child.pid}/clear_refs`, "5");
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => uploadFile(projectId, cookie, bigZip)),
    );
    const peak = memoryKb("VmHWM");
    expect(answers).toEqual([201, 201, 201, 201]);
    const growthMb = (peak - before) / 1024;
    console.info(
      `4 × ${BUNDLE_MB} MB uploads: RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peak / 1024)} MB (+${growthMb.toFixed(0)} MB)`,
    );
    expect(growthMb).toBeLessThan(MAX_GROWTH_MB);
  }, 300_000);
});
