import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { RouteOptions } from "fastify";
import { inject } from "vitest";
import { type BuildAppOptions, buildApp } from "../src/app";
import { loadConfig } from "../src/platform/config";
import { type Database, openDatabase } from "../src/platform/db/client";
import { createPostgresTestDatabase } from "./postgres-database";

export { createPostgresTestDatabase };

export const TEST_ORIGIN = "http://localhost:3000";
/** The SECRET of every test app (what its encryption keys derive from). */
export const TEST_SECRET = "test-secret-that-is-long-enough-for-better-auth-0123456789";

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when TEST_DATABASE_URL
 * is set — a new PostgreSQL database created for this file and dropped afterwards.
 */
export async function openTestDatabase(): Promise<Database> {
  if (!process.env.TEST_DATABASE_URL) {
    // A migrated cluster made once by test/global-setup.ts (absent when run without it).
    const template = inject("pgliteTemplate");
    const loadDataDir = template ? new Blob([await readFile(template)]) : undefined;
    return openDatabase({ kind: "pglite", dataDir: undefined, loadDataDir });
  }
  // A copy of the database migrated once by test/global-setup.ts (absent when run without it).
  const { url, drop } = await createPostgresTestDatabase(inject("postgresTemplate") || undefined);
  return dropOnClose(await openDatabase({ kind: "postgres", url }), drop);
}

/** `database`, whose close also runs `drop`. */
export function dropOnClose(database: Database, drop: () => Promise<void>): Database {
  return {
    ...database,
    close: async () => {
      await database.close();
      await drop();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>> & {
  dataDir: string;
  /** Every route of the app, as registered (their options after every onRoute hook). */
  routes: RouteOptions[];
  cleanup: () => Promise<void>;
};

/** The real app on a real database (`database`, or a fresh one), reached through app.inject(). */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    log?: BuildAppOptions["log"];
    /** A database to use (closed with the app) instead of a fresh one. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "hybridge-api-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    SECRET: TEST_SECRET,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    AUTH_RATE_LIMIT_MAX: "1000",
    WRITE_RATE_LIMIT_MAX: "1000",
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const routes: RouteOptions[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({
      config,
      database,
      serveWeb: false,
      log: options.log,
      onRoute: (route) => void routes.push(route),
    });
    await app.ready();
  } catch (error) {
    // A start that fails (a test of it) leaves no database or folder behind.
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  return Object.assign(app, {
    dataDir,
    routes,
    cleanup: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  });
}

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString("hex")}@example.test`;
}

export type TestUser = { id: string; email: string; password: string; cookie: string };

function sessionCookie(setCookie: string | string[] | undefined): string {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.includes("better-auth.session_token="));
  if (!found) throw new Error(`no session cookie in ${JSON.stringify(all)}`);
  return found.split(";")[0] as string;
}

/** Signs a new user up through the auth API and returns the session cookie. */
export async function createTestUser(
  app: TestApp,
  overrides: { email?: string; password?: string } = {},
): Promise<TestUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? "correct-horse-battery";
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-up/email",
    headers: { origin: TEST_ORIGIN },
    payload: { email, password, name: email.split("@")[0] },
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return {
    id: res.json().user.id,
    email,
    password,
    cookie: sessionCookie(res.headers["set-cookie"]),
  };
}

/**
 * What most API test files start from, in their beforeAll: the app on a fresh database
 * (createTestApp's options) and two signed-in users, the owner of what the tests make and a
 * stranger to it. The file's afterAll cleans the app up.
 */
export async function createTestScene(options: Parameters<typeof createTestApp>[0] = {}) {
  const app = await createTestApp(options);
  return { app, owner: await createTestUser(app), stranger: await createTestUser(app) };
}

export async function signIn(app: TestApp, email: string, password: string) {
  const res = await app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  return {
    res,
    cookie: res.statusCode === 200 ? sessionCookie(res.headers["set-cookie"]) : undefined,
  };
}

/** A GET, optionally signed in. */
export function getAs(app: TestApp, url: string, cookie?: string) {
  return app.inject({ url, headers: cookie ? { cookie } : {} });
}

/** A JSON POST from the trusted origin, optionally signed in. */
export function postJson(app: TestApp, url: string, payload: unknown, cookie?: string) {
  return app.inject({
    method: "POST",
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    payload: payload as object,
  });
}

/**
 * The newest mail to `email` in the app's file outbox, raw, with quoted-printable's soft line
 * breaks and `=3D` undone (enough to read its headers and links).
 */
export function latestMailTo(app: TestApp, email: string): string {
  const dir = path.join(app.dataDir, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort().reverse();
  } catch {
    // No mail yet.
  }
  for (const file of files) {
    const raw = readFileSync(path.join(dir, file), "utf8");
    if (raw.includes(`To: ${email}`)) return raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  }
  throw new Error(`no mail to ${email}`);
}

/** The verification link of the newest mail to `email`, as a path for app.inject(). */
export function verificationLinkFor(app: TestApp, email: string): string {
  const link = latestMailTo(app, email).match(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/)?.[0];
  if (!link) throw new Error(`no verification link in the newest mail to ${email}`);
  const url = new URL(link);
  return url.pathname + url.search;
}

/**
 * Follows the verification mail's link as `user`'s browser (signed in to it) does, the way an
 * admin proves the address (docs/decisions/032-admin-by-proof.md). Returns where it landed.
 */
export async function verifyTestUser(app: TestApp, user: TestUser): Promise<string> {
  const res = await app.inject({
    url: verificationLinkFor(app, user.email),
    headers: { cookie: user.cookie },
  });
  const location = String(res.headers.location ?? "");
  if (res.statusCode !== 302 || !location.endsWith("?result=verified")) {
    throw new Error(`verification failed: ${res.statusCode} ${location} ${res.body}`);
  }
  return location;
}

/**
 * An admin: signs up with `email` (which the app's ADMIN_EMAILS must list) and verifies it
 * through the mail's link. Until then an admin address has no admin rights.
 */
export async function createTestAdmin(
  app: TestApp,
  overrides: { email: string; password?: string },
): Promise<TestUser> {
  const admin = await createTestUser(app, overrides);
  await verifyTestUser(app, admin);
  return admin;
}
