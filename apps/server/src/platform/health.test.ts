import { randomBytes } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../test/test-app";
import { openDatabase } from "./db/client";

/** A log stream the test reads: every line the app logged. */
function logCollector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, log: { level: "info", stream } };
}

/** How long a repair or a reconnection may take, on CI's two loaded cores. */
const SOON = { timeout: 30_000, interval: 100 };

const ready = (app: TestApp) => app.inject({ url: "/api/health/ready" });
const untilReady = (app: TestApp) =>
  expect.poll(async () => (await ready(app)).statusCode, SOON).toBe(200);

const READY = {
  status: "ready",
  // The test environment has no PATH: no Android tool is found, and that does not fail it.
  checks: { database: "ok", storage: "ok", androidToolchain: "missing" },
};

const UNAVAILABLE = { code: ErrorCodes.UNAVAILABLE, message: GenericTexts.unavailable };

describe("health", () => {
  let app: TestApp;
  const collected = logCollector();
  beforeAll(async () => {
    app = await createTestApp({ log: collected.log });
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  it("answers liveness without asking the database", async () => {
    const res = await app.inject({ url: "/api/health/live" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "live" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers readiness with every check, at its own path and at /api/health", async () => {
    for (const url of ["/api/health/ready", "/api/health"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toEqual(READY);
      expect(res.headers["cache-control"], url).toBe("no-store");
    }
  });

  it("is not ready while the file storage cannot be written, and ready again after", async () => {
    const files = path.join(app.dataDir, "files");
    rmSync(files, { recursive: true, force: true });
    // A file where the folder should be: nothing can be stored under it.
    writeFileSync(files, "");
    try {
      for (const url of ["/api/health/ready", "/api/health"]) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(503);
        expect(res.json(), url).toEqual({
          status: "not-ready",
          checks: { ...READY.checks, storage: "not-writable" },
        });
      }
    } finally {
      rmSync(files);
    }
    expect((await ready(app)).statusCode).toBe(200);
  });

  it("re-applies the migrations when the schema disappears, once, and says so", async () => {
    const dropSchema = async () => {
      for (const statement of ["drop schema drizzle cascade", "drop schema public cascade"]) {
        await app.deps.db.execute(sql.raw(statement));
      }
      await app.deps.db.execute(sql`create schema public`);
    };
    const repaired = () =>
      collected.lines.filter((line) => line.includes("migrations re-applied")).length;

    await dropSchema();
    // Several probes at once: one repair.
    const answers = await Promise.all([ready(app), ready(app), ready(app)]);
    for (const res of answers) {
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe("schema-missing");
    }
    await untilReady(app);
    expect(repaired()).toBe(1);
    await createTestUser(app);

    // A request that finds a table missing answers 503 and starts the repair itself.
    await dropSchema();
    const res = await app.inject({ url: "/api/feedback/comments" });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(UNAVAILABLE);
    expect(res.headers["retry-after"]).toBe("5");
    await expect.poll(repaired, SOON).toBe(2);
    expect((await app.inject({ url: "/api/feedback/comments" })).statusCode).toBe(200);
    await createTestUser(app);
  });
});

describe("health while shutting down", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  it("answers 503 draining at once, stays live, and every answer closes its connection", async () => {
    expect((await ready(app)).statusCode).toBe(200);
    expect((await ready(app)).headers.connection).not.toBe("close");
    app.deps.draining.begin();
    for (const url of ["/api/health/ready", "/api/health"]) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({ ...READY, status: "draining" });
      expect(res.headers.connection, url).toBe("close");
    }
    const live = await app.inject({ url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.headers.connection).toBe("close");
    // Everything else is still served, on a connection of its own.
    const comments = await app.inject({ url: "/api/feedback/comments" });
    expect(comments.statusCode).toBe(200);
    expect(comments.headers.connection).toBe("close");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("health on PostgreSQL", () => {
  const name = `hybridge_test_${randomBytes(6).toString("hex")}`;
  let url: URL;
  let admin: postgres.Sql;
  let app: TestApp;
  const collected = logCollector();
  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL as string;
    url = new URL(adminUrl);
    url.pathname = `/${name}`;
    admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    app = await createTestApp({ database, log: collected.log });
  });
  afterAll(async () => {
    await app?.cleanup();
    await admin?.unsafe(`drop database if exists "${name}" with (force)`);
    await admin?.end({ timeout: 5 });
  });

  it("answers readiness within its time limit while PostgreSQL hangs", async () => {
    const blocker = postgres(url.toString(), { max: 1, onnotice: () => {} });
    let unblock = () => {};
    const holding = blocker.begin(async (tx) => {
      await tx.unsafe("lock table drizzle.__drizzle_migrations in access exclusive mode");
      await new Promise<void>((resolve) => {
        unblock = resolve;
      });
    });
    try {
      // Give the lock time to be taken.
      await expect
        .poll(async () => {
          const [row] = await admin.unsafe(
            `select count(*)::int as n from pg_locks l join pg_database d on d.oid = l.database
             where d.datname = '${name}' and l.mode = 'AccessExclusiveLock' and l.granted`,
          );
          return row?.n;
        }, SOON)
        .toBeGreaterThan(0);
      const started = Date.now();
      const res = await ready(app);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(res.statusCode).toBe(503);
      expect(res.json().checks.database).toBe("down");
    } finally {
      unblock();
      await holding;
      await blocker.end({ timeout: 5 });
    }
    await untilReady(app);
  });

  it("answers 503 while the database is dropped, and recovers when it is created again", async () => {
    const user = await createTestUser(app);
    const notified: string[] = [];
    const unlisten = await app.deps.listen("hybridge_health_test", (payload) => {
      notified.push(payload);
    });
    try {
      await admin.unsafe(`drop database "${name}" with (force)`);

      const res = await ready(app);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: "not-ready",
        checks: { database: "down", storage: "ok", androidToolchain: "missing" },
      });
      expect((await app.inject({ url: "/api/health/live" })).statusCode).toBe(200);
      for (const request of [
        { url: "/api/feedback/comments" },
        { url: "/api/session", headers: { cookie: user.cookie } },
      ]) {
        const answer = await app.inject(request);
        expect(answer.statusCode, request.url).toBe(503);
        expect(answer.json(), request.url).toEqual(UNAVAILABLE);
      }

      await admin.unsafe(`create database "${name}"`);
      await untilReady(app);
      expect(collected.lines.some((line) => line.includes("migrations re-applied"))).toBe(true);
      expect((await app.inject({ url: "/api/feedback/comments" })).statusCode).toBe(200);
      await createTestUser(app);

      // The LISTEN connection came back too: live pages get their events again. Nothing tells
      // when it is back, and a notification sent before is lost by design: one is sent on each
      // try, and heard by the next (200 ms later).
      await expect
        .poll(
          async () => {
            const heard = notified.includes("back");
            await app.deps.db.execute(sql`select pg_notify('hybridge_health_test', 'back')`);
            return heard;
          },
          { ...SOON, interval: 200 },
        )
        .toBe(true);
    } finally {
      await unlisten();
    }
  });
});
