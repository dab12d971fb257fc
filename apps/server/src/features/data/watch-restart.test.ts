import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { asc, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  createProjectOn,
  type MainProcess,
  signUpOn,
  startMainProcess,
} from "../../../test/main-process";
import { type DatabaseTarget, openDatabase } from "../../platform/db/client";
import { documentChanges } from "../../platform/db/schema";

/**
 * Issue 24's count: many SDK clients (db.watch, in a process of their own, through Node's
 * EventSource) watch one collection of a real server process while writers commit changes; the
 * server is stopped with SIGTERM and started again, several times. Afterwards each client has
 * been called back with every change committed since it started watching, exactly once and in
 * commit order: 0 missed, 0 duplicated. On PostgreSQL the writers write through a second
 * server, so changes are committed while the clients' server is down (across instances); on
 * PGlite (one process holds the database) they write through the same server, retrying while it
 * restarts.
 */

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const SECRET = "watch-restart-test-secret-that-is-long-enough-0123";
/** Issue 24's count by default; CI runs 25 (.ci/run): the same proof, in less time. */
const CLIENTS = Number(process.env.WATCH_RESTART_CLIENTS ?? 100);
const RESTARTS = 3;
const WRITERS = 2;
/** The pause of each writer between two writes: about 40 changes a second in all. */
const WRITE_PAUSE_MS = 50;
const COLLECTION = "feed";
const SOON = { timeout: 60_000, interval: 250 };

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function newDatabase(dataDir: string): Promise<{
  env: Record<string, string>;
  target: DatabaseTarget;
}> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) {
    return { env: {}, target: { kind: "pglite", dataDir: path.join(dataDir, "pglite") } };
  }
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

async function start(env: Record<string, string>, port?: number): Promise<MainProcess> {
  const server = await startMainProcess(env, { port, timeoutMs: 60_000 });
  cleanups.push(async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGKILL");
      await server.exited;
    }
  });
  return server;
}

/** A project of a new account on the server, and its database key. */
async function projectKey(origin: string): Promise<string> {
  const cookie = await signUpOn(origin, `watch-${randomBytes(4).toString("hex")}@example.test`);
  const projectId = await createProjectOn(origin, cookie, {
    name: "Watched app",
    keyApp: `watch${randomBytes(6).toString("hex")}`,
    description: "An app whose collection many phones watch.",
    segment: "media",
  });
  const settings = await fetch(`${origin}/api/projects/${projectId}/settings`, {
    headers: { cookie },
  });
  return ((await settings.json()) as { settings: { databaseKey: string } }).settings.databaseKey;
}

type Report = { seen: string[][] };

/** The clients' process: `report()` asks what each was called back with. */
function startClients(origin: string, key: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--experimental-eventsource", "--no-warnings", "--import", "tsx", "test/watch-clients.ts"],
    {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH ?? "",
        SERVER: origin,
        KEY: key,
        COLLECTION,
        CLIENTS: String(CLIENTS),
      },
      stdio: ["ignore", "pipe", "pipe", "ipc"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const errors: string[] = [];
  let waiting: ((report: Report) => void) | undefined;
  child.on("message", (message: { error?: string; seen?: string[][] }) => {
    if (message.error) errors.push(message.error);
    if (message.seen) waiting?.({ seen: message.seen });
  });
  cleanups.push(() => {
    child.kill("SIGKILL");
  });
  return {
    errors,
    report: () =>
      Promise.race([
        new Promise<Report>((resolve) => {
          waiting = resolve;
          child.send("report");
        }),
        exited.then(() => {
          throw new Error(`the clients' process exited:\n${output}`);
        }),
      ]),
  };
}

/** Writers committing changes through `origin` until stopped: additions, and deletions of older ones. */
function startWriters(origin: () => string, key: string, deletable: string[]) {
  let running = true;
  const call = async (method: string, pathname: string, body?: unknown) => {
    for (;;) {
      const response = await fetch(`${origin()}/api/v1/db/collections/${COLLECTION}${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${key}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      }).catch(() => null);
      if (response?.ok) {
        return (await response.json()) as { id: string };
      }
      // The server is restarting (refused, or draining): the write is tried again.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const added: string[] = [];
  const loops = Array.from({ length: WRITERS }, async (_, writer) => {
    for (let i = 0; running; i++) {
      const toDelete = i % 8 === 7 ? deletable.shift() : undefined;
      if (toDelete) await call("DELETE", `/documents/${toDelete}`);
      else added.push((await call("POST", "/documents", { writer, i })).id);
      await new Promise((resolve) => setTimeout(resolve, WRITE_PAUSE_MS));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return added;
    },
  };
}

/** Every change of the collection, in commit order, as the clients note them. */
async function committedChanges(target: DatabaseTarget): Promise<string[]> {
  const database = await openDatabase(target);
  try {
    const rows = await database.db
      .select({ op: documentChanges.op, documentId: documentChanges.documentId })
      .from(documentChanges)
      .where(eq(documentChanges.collection, COLLECTION))
      .orderBy(asc(documentChanges.id));
    const names: Record<string, string> = {
      insert: "added",
      update: "modified",
      delete: "deleted",
    };
    return rows.map((row) => `${names[row.op]}:${row.documentId}`);
  } finally {
    await database.close();
  }
}

describe("db.watch through server restarts", () => {
  it(`${CLIENTS} clients see every change committed meanwhile exactly once, in order`, {
    timeout: 600_000,
  }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-watch-restart-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const database = await newDatabase(dataDir);
    const env = {
      DATA_DIR: dataDir,
      SECRET,
      SEED_STORE: "false",
      BUILD_AGENT: "off",
      DATA_RATE_LIMIT_PER_MINUTE: "1000000",
      ...database.env,
    };
    let watched = await start(env);
    // On PostgreSQL the writers' own instance, which stays up; on PGlite the same server.
    const writerServer =
      database.target.kind === "postgres"
        ? await start({ ...env, DATA_DIR: mkdtempSync(path.join(tmpdir(), "hybridge-w-")) })
        : undefined;
    const writerOrigin = () => (writerServer ?? watched).origin;
    const key = await projectKey(watched.origin);
    const clients = startClients(watched.origin, key);

    // Every client's stream is open once each has seen a change.
    const deletable: string[] = [];
    const warmUp = startWriters(writerOrigin, key, []);
    await vi.waitUntil(
      async () => (await clients.report()).seen.every((changes) => changes.length > 0),
      SOON,
    );
    deletable.push(...(await warmUp.stop()));

    for (let round = 0; round < RESTARTS; round++) {
      const writers = startWriters(writerOrigin, key, deletable);
      await new Promise((resolve) => setTimeout(resolve, 500));
      watched.child.kill("SIGTERM");
      expect(await watched.exited).toBe(0);
      // PGlite: nothing is written while the only server is down; PostgreSQL: the writers go on.
      watched = await start(env, watched.port);
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const added = await writers.stop();
      deletable.push(...added);
      // Caught up: every client has seen every document added in this round.
      await vi.waitUntil(async () => {
        const { seen } = await clients.report();
        const missing = seen.map((changes) => {
          const got = new Set(changes);
          return added.filter((id) => !got.has(`added:${id}`)).length;
        });
        if (process.env.WATCH_RESTART_DEBUG) {
          appendFileSync(process.env.WATCH_RESTART_DEBUG, `${round} ${added.length} ${missing}\n`);
        }
        return missing.every((n) => n === 0);
      }, SOON);
    }

    const { seen } = await clients.report();
    watched.child.kill("SIGTERM");
    await watched.exited;
    writerServer?.child.kill("SIGTERM");
    await writerServer?.exited;
    const committed = await committedChanges(database.target);
    let missed = 0;
    let duplicated = 0;
    for (const changes of seen) {
      // From the first change the client saw (its stream opened during the warm-up) on.
      const expected = committed.slice(committed.indexOf(changes[0] as string));
      const counts = new Map<string, number>();
      for (const change of changes) counts.set(change, (counts.get(change) ?? 0) + 1);
      for (const change of expected) if (!counts.has(change)) missed++;
      for (const n of counts.values()) duplicated += Math.max(0, n - 1);
      expect(changes).toEqual(expected);
    }
    console.log(
      `${CLIENTS} clients, ${RESTARTS} restarts on ${database.target.kind}: ${committed.length} changes committed, ${missed} missed, ${duplicated} duplicated`,
    );
    expect({ missed, duplicated }).toEqual({ missed: 0, duplicated: 0 });
    expect(clients.errors).toEqual([]);
  });
});
