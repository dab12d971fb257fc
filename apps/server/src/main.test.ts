import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statfsSync,
  writeFileSync,
} from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startS3Server } from "../test/s3-server";
import { startMark } from "./platform/db/lock";

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const isRoot = process.getuid?.() === 0;
const SECRET = "x".repeat(40);

/** Runs src/main.ts (through tsx) with `env` until it exits. */
function runMain(env: Record<string, string>, user?: { uid: number; gid: number }) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: serverRoot,
      env: { PATH: process.env.PATH ?? "", LOG_LEVEL: "warn", SEED_STORE: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
      ...user,
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

/** A failed start as the operator sees it: exit code 1, one line on stderr, no stack anywhere. */
function expectOneLine(result: Awaited<ReturnType<typeof runMain>>, line: string | RegExp) {
  expect(result.code, result.stderr).toBe(1);
  const said = result.stderr.trim();
  expect(said.split("\n"), said).toHaveLength(1);
  if (typeof line === "string") expect(said).toBe(line);
  else expect(said).toMatch(line);
  expect(`${result.stdout}${result.stderr}`).not.toMatch(/\n\s+at /);
}

/** Every file and folder under `dir`, relative to it. */
function leftovers(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).sort();
}

/** What a start must never leave behind: its lock, the lock's guard, temporary files. */
const isLockOrTemp = (file: string) => /server\.lock|\.tmp$|\.probe-/.test(file);

/** A tmpfs of `size` mounted on a new folder (root only), unmounted after the test. */
const mounts: string[] = [];
function mountTmpfs(options: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "hybridge-main-fs-"));
  execFileSync("mount", ["-t", "tmpfs", "-o", options, "tmpfs", dir]);
  mounts.push(dir);
  return dir;
}
function canMount(): boolean {
  if (!isRoot) return false;
  try {
    mountTmpfs("size=64k");
    return true;
  } catch {
    return false;
  } finally {
    unmountAll();
  }
}
function unmountAll() {
  for (const dir of mounts.splice(0)) {
    execFileSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
}
const mountable = canMount();

/** Fills the file system holding `dir` until `keepBytes` are left. */
function fill(dir: string, keepBytes: number) {
  const { bavail, bsize } = statfsSync(dir);
  execFileSync("fallocate", ["-l", String(bavail * bsize - keepBytes), path.join(dir, "filler")]);
}

let blocker: Server;
let port: number;
let dataDir: string;
beforeAll(async () => {
  blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
  port = (blocker.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => blocker?.close(resolve));
});
afterEach(() => {
  unmountAll();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
const newDataDir = () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-main-"));
  return dataDir;
};

describe("starting the server", () => {
  it("says in one line that the port is taken, exits 1 and frees the data directory", async () => {
    const dir = newDataDir();
    const result = await runMain({ PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dir, SECRET });
    expectOneLine(
      result,
      `Port ${port} is already in use on 127.0.0.1: stop the program using it, or start Hybridge with another PORT.`,
    );
    expect(result.stdout).not.toContain("EADDRINUSE");
    expect(leftovers(dir).filter(isLockOrTemp)).toEqual([]);
  }, 90_000);

  it("says in one line that PostgreSQL refuses connections or its host is unknown", async () => {
    const dir = newDataDir();
    const env = { PORT: "0", DATA_DIR: dir, SECRET };
    expectOneLine(
      await runMain({ ...env, DATABASE_URL: "postgres://hybridge:pw@127.0.0.1:1/hybridge" }),
      "PostgreSQL at 127.0.0.1:1 refused the connection (ECONNREFUSED): start PostgreSQL, or fix the host and port in DATABASE_URL.",
    );
    const unknownHost = await runMain({
      ...env,
      DATABASE_URL: "postgres://hybridge:topsecret@no-such-host.invalid/hybridge",
    });
    expectOneLine(
      unknownHost,
      /^The host of DATABASE_URL cannot be found \(.+\): fix the host in DATABASE_URL\.$/,
    );
    expect(unknownHost.stderr).not.toContain("topsecret");
    expect(leftovers(dir)).toEqual([]);
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "says in one line that the database does not exist, or the login is refused",
    async () => {
      const dir = newDataDir();
      const url = new URL(process.env.TEST_DATABASE_URL as string);
      const place = `PostgreSQL at ${url.hostname}:${url.port || 5432}`;
      const missing = new URL(url);
      missing.pathname = "/hybridge_no_such_database";
      expectOneLine(
        await runMain({ PORT: "0", DATA_DIR: dir, SECRET, DATABASE_URL: missing.toString() }),
        `${place} has no such database (database "hybridge_no_such_database" does not exist): create it, or fix the database name in DATABASE_URL.`,
      );
      const stranger = new URL(url);
      stranger.username = "hybridge_no_such_role";
      expectOneLine(
        await runMain({ PORT: "0", DATA_DIR: dir, SECRET, DATABASE_URL: stranger.toString() }),
        `${place} refused the login (role "hybridge_no_such_role" does not exist): fix the user name or password in DATABASE_URL.`,
      );
    },
    90_000,
  );

  it("says in one line that DATA_DIR is not writable, and leaves nothing in it", async () => {
    const dir = newDataDir();
    chmodSync(dir, 0o555);
    // root writes anywhere: start as nobody instead.
    const result = await runMain(
      { PORT: "0", DATA_DIR: dir, SECRET },
      isRoot ? { uid: 65534, gid: 65534 } : undefined,
    );
    expectOneLine(
      result,
      `Hybridge cannot write to ${dir} (permission denied, EACCES): give the user running Hybridge write access to it, or set DATA_DIR to another folder.`,
    );
    expect(leftovers(dir)).toEqual([]);
  }, 90_000);

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "with PostgreSQL too, says in one line that DATA_DIR cannot take files",
    async () => {
      const target = new URL(process.env.TEST_DATABASE_URL as string);
      const admin = postgres(target.toString(), { max: 1, onnotice: () => {} });
      const name = `hybridge_test_${randomBytes(6).toString("hex")}`;
      await admin.unsafe(`create database "${name}"`);
      try {
        target.pathname = `/${name}`;
        const dir = newDataDir();
        chmodSync(dir, 0o555);
        const result = await runMain(
          { PORT: "0", DATA_DIR: dir, SECRET, DATABASE_URL: target.toString() },
          isRoot ? { uid: 65534, gid: 65534 } : undefined,
        );
        expectOneLine(
          result,
          `Hybridge cannot write to ${dir} (permission denied, EACCES): give the user running Hybridge write access to it, or set DATA_DIR to another folder.`,
        );
        expect(leftovers(dir)).toEqual([]);
      } finally {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end({ timeout: 5 });
      }
    },
    90_000,
  );

  it.skipIf(!mountable)(
    "says in one line that DATA_DIR is read-only",
    async () => {
      const dir = mountTmpfs("ro,size=1m");
      const result = await runMain({ PORT: "0", DATA_DIR: dir, SECRET });
      expectOneLine(
        result,
        `Hybridge cannot write to ${dir} (the file system is read-only, EROFS): mount it read-write, or set DATA_DIR to a writable folder.`,
      );
    },
    90_000,
  );

  it.skipIf(!mountable)(
    "says in one line that the disk is full, and leaves no lock, guard or temporary file",
    async () => {
      const disk = mountTmpfs("size=1m");
      fill(disk, 0);
      const dir = path.join(disk, "data");
      mkdirSync(dir);
      const full = await runMain({ PORT: "0", DATA_DIR: dir, SECRET });
      const line = `Hybridge cannot write to ${dir} (the disk is full, ENOSPC): free some space, or set DATA_DIR to a folder on another disk.`;
      expectOneLine(full, line);
      expect(leftovers(dir)).toEqual([]);
    },
    90_000,
  );

  it.skipIf(!mountable)(
    "says in one line that the disk filled up while creating the database, and removes the half-made one",
    async () => {
      const disk = mountTmpfs("size=8m");
      const dir = path.join(disk, "data");
      const result = await runMain({ PORT: "0", DATA_DIR: dir, SECRET });
      expectOneLine(
        result,
        `Hybridge cannot write to ${path.join(dir, "pglite")} (the disk is full, ENOSPC): free some space, or set DATA_DIR to a folder on another disk.`,
      );
      expect(leftovers(dir)).toEqual([]);
    },
    90_000,
  );

  it("says in one line that the S3 bucket cannot be written, with the store's reason", async () => {
    const s3 = await startS3Server();
    try {
      const result = await runMain({
        PORT: "0",
        DATA_DIR: newDataDir(),
        SECRET,
        ...s3.env,
        STORAGE_URL: s3.url.replace(`s3://${s3.bucket}`, "s3://no-such-bucket"),
        // On Node 20 the AWS SDK warns at its first client that its 2027 versions need Node 22.
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true",
      });
      expectOneLine(
        result,
        `Hybridge cannot write to the S3 bucket "no-such-bucket" at ${s3.endpoint} (NoSuchBucket: The specified bucket does not exist): check STORAGE_URL, that the bucket exists, and that the credentials (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY) may write to it.`,
      );
    } finally {
      await s3.close();
    }
  }, 90_000);

  it("says in one line that the embedded database is damaged, and keeps it", async () => {
    const dir = newDataDir();
    const pglite = path.join(dir, "pglite");
    mkdirSync(pglite);
    writeFileSync(path.join(pglite, "PG_VERSION"), "not a version\n");
    const result = await runMain({ PORT: "0", DATA_DIR: dir, SECRET });
    expectOneLine(
      result,
      `The embedded database in ${pglite} cannot be opened (PGlite failed to initialize properly): it is damaged or was written by another PGlite version; restore DATA_DIR from a backup (npm run restore -- <file>), or move ${pglite} away to start with an empty database.`,
    );
    expect(existsSync(pglite)).toBe(true);
    expect(leftovers(dir).filter(isLockOrTemp)).toEqual([]);
  }, 90_000);

  it("says in one line that another server holds the data directory, and keeps its lock", async () => {
    const dir = newDataDir();
    const holder = spawn("sleep", ["60"], { stdio: "ignore" });
    try {
      // A lock as a running server writes it (lock.ts): its pid and start mark.
      const lock = JSON.stringify({
        pid: holder.pid,
        token: "t",
        started: startMark(holder.pid as number),
      });
      writeFileSync(path.join(dir, "server.lock"), lock);
      const result = await runMain({ PORT: "0", DATA_DIR: dir, SECRET });
      expectOneLine(
        result,
        `The data directory ${dir} is in use by another Hybridge server (pid ${holder.pid}). Stop it first, or start this one with another DATA_DIR.`,
      );
      expect(leftovers(dir)).toEqual(["server.lock"]);
    } finally {
      holder.kill();
    }
  }, 90_000);
});
