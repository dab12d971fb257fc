import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { AuthMailTexts, AuthTexts } from "@hybridge/shared/auth/texts";
import { eq, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  postJson,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
  latestMailTo as testLatestMailTo,
  uniqueEmail,
} from "../../../test/test-app";
import type { Db } from "../../platform/db/client";
import * as schema from "../../platform/db/schema";
import { changePassword } from "./change-password";

let app: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  // Capture everything the server logs, at the most verbose level, to prove secrets never appear.
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  app = await createTestApp({ log: { level: "trace", stream } });
});
afterAll(async () => {
  await app?.cleanup();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  postJson(app, url, payload, cookie);

const latestMailTo = (email: string) => testLatestMailTo(app, email);

describe("password reset by e-mail", () => {
  it("says when no account has the e-mail, and validates the field", async () => {
    const unknown = await post("/api/account/password-reset", { email: uniqueEmail("ghost") });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: "USER_NOT_FOUND",
      message: AuthTexts.resetUserNotFound,
    });
    const empty = await post("/api/account/password-reset", { email: "  " });
    expect(empty.json()).toEqual({ code: "VALIDATION", message: AuthTexts.resetEmptyField });
    const invalid = await post("/api/account/password-reset", { email: "nope" });
    expect(invalid.json()).toEqual({ code: "VALIDATION", message: AuthTexts.resetInvalidEmail });
  });

  it("mails a link that opens the password-change page, and the token sets a new password", async () => {
    const u = await createTestUser(app);
    const res = await post("/api/account/password-reset", { email: u.email.toUpperCase() });
    expect(res.json()).toEqual({ ok: true });

    const mail = latestMailTo(u.email);
    expect(mail).toContain(`Subject: ${AuthMailTexts.resetSubject}`);
    const link = mail.match(/https?:\/\/\S+\/api\/auth\/reset-password\/\S+/)?.[0];
    expect(link).toBeDefined();

    const url = new URL(link as string);
    const follow = await app.inject({ url: url.pathname + url.search });
    expect(follow.statusCode).toBe(302);
    const location = new URL(String(follow.headers.location), TEST_ORIGIN);
    expect(location.pathname).toBe("/change-password");
    const token = location.searchParams.get("token") as string;
    expect(token).toBeTruthy();

    const mismatch = await post("/api/account/password", {
      newPassword: "brand-new-pass",
      confirmPassword: "brand-new-pasx",
      token,
    });
    expect(mismatch.json()).toEqual({ code: "VALIDATION", message: AuthTexts.changeMismatch });

    const done = await post("/api/account/password", {
      newPassword: "brand-new-pass",
      confirmPassword: "brand-new-pass",
      token,
    });
    expect(done.json()).toEqual({ ok: true });
    expect((await signIn(app, u.email, "brand-new-pass")).res.statusCode).toBe(200);
    expect((await signIn(app, u.email, u.password)).res.statusCode).toBe(401);

    // A token works once.
    const again = await post("/api/account/password", {
      newPassword: "third-password",
      confirmPassword: "third-password",
      token,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: "INVALID_TOKEN", message: AuthTexts.resetLinkInvalid });

    // Neither the password nor the token was ever logged.
    const log = logLines.join("");
    expect(log).not.toContain(token);
    expect(log).not.toContain("brand-new-pass");
    expect(log).not.toContain(u.password);
    expect(log).toContain("[redacted]");
  });
});

describe("password change while signed in", () => {
  it("changes the password of a recent session", async () => {
    const u = await createTestUser(app);
    const res = await post(
      "/api/account/password",
      { newPassword: "changed-password", confirmPassword: "changed-password" },
      u.cookie,
    );
    expect(res.json()).toEqual({ ok: true });
    expect((await signIn(app, u.email, "changed-password")).res.statusCode).toBe(200);
  });

  it("ends the user's other sessions and keeps this one", async () => {
    const u = await createTestUser(app);
    const other = await signIn(app, u.email, u.password);
    const bystander = await createTestUser(app);
    const sessionOf = async (cookie: string | undefined) =>
      (await app.inject({ url: "/api/session", headers: { cookie: cookie as string } })).json().user
        ?.id ?? null;
    expect(await sessionOf(other.cookie)).toBe(u.id);

    const res = await post(
      "/api/account/password",
      { newPassword: "changed-password", confirmPassword: "changed-password" },
      u.cookie,
    );
    expect(res.json()).toEqual({ ok: true });
    expect(await sessionOf(u.cookie)).toBe(u.id);
    expect(await sessionOf(other.cookie)).toBeNull();
    expect(await sessionOf(bystander.cookie)).toBe(bystander.id);
    const left = await app.deps.db
      .select()
      .from(schema.session)
      .where(eq(schema.session.userId, u.id));
    expect(left).toHaveLength(1);
  });

  it("refuses a weak password and a signed-out request with the spec's texts", async () => {
    const u = await createTestUser(app);
    const weak = await post(
      "/api/account/password",
      { newPassword: "123", confirmPassword: "123" },
      u.cookie,
    );
    expect(weak.json()).toEqual({ code: "VALIDATION", message: AuthTexts.changeWeak });
    const anonymous = await post("/api/account/password", {
      newPassword: "whatever-pass",
      confirmPassword: "whatever-pass",
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(AuthTexts.changeNoUser);
  });

  it("asks an old session to sign in again", async () => {
    const u = await createTestUser(app);
    const later = new Date(Date.now() + 60 * 60 * 1000);
    await expect(
      changePassword({
        auth: app.deps.auth,
        db: app.deps.db,
        session: {
          user: { id: u.id, email: u.email, isAdmin: false },
          sessionId: "any",
          sessionCreatedAt: new Date(),
        },
        newPassword: "some-new-password",
        now: later,
      }),
    ).rejects.toMatchObject({
      code: "REQUIRES_RECENT_LOGIN",
      message: AuthTexts.changeRecentLogin,
    });
  });
});

/** Gives the user one row in every table an account owns, plus a stored file on disk. */
async function seedOwnedData(db: Db, dataDir: string, u: TestUser) {
  const projectId = `p${u.id}`.padEnd(101, "x");
  await db.insert(schema.projects).values({
    id: projectId,
    name: "App",
    keyApp: `app-${u.id}`,
    description: "d",
    segment: "other",
    adminId: u.id,
    tester: u.email,
  });
  await db.insert(schema.projectDatabases).values({ id: u.id.padEnd(33, "d"), projectId });
  await db.insert(schema.projectSettings).values({
    id: projectId,
    databaseKeyHash: u.id.padEnd(64, "h"),
    databaseKeyPrefix: "prefix",
    appId: "encrypted",
    appKey: `app-${u.id}`,
    appName: "App",
  });
  await db.insert(schema.installCounters).values({ projectId, platform: "android", count: 3 });
  await db.insert(schema.builds).values({
    projectId,
    ownerId: u.id,
    platform: "apple",
    appKey: `app-${u.id}`,
    version: 1,
  });
  await db
    .insert(schema.testConfigs)
    .values({ userId: u.id, tester: u.email, network: "http://192.168.1.10:3000" });
  await db.insert(schema.comments).values({ text: "hello", userEmail: u.email, userId: u.id });
  await db.insert(schema.evaluations).values({
    userId: u.id,
    userEmail: u.email,
    docClarity: 3,
    apiIntuition: 4,
    backendSimplicity: 5,
    mainAdvantage: "a",
    mainWeakness: "w",
  });
  const [module] = await db
    .insert(schema.modules)
    .values({ title: "Map", description: "m", thumbnailUrl: "t.png", createdBy: u.id })
    .returning();
  await db.insert(schema.projectModules).values({ projectId, moduleId: module?.id as string });
  const key = `app-icons/${u.id}.png`;
  mkdirSync(path.join(dataDir, "files", "app-icons"), { recursive: true });
  writeFileSync(path.join(dataDir, "files", key), "png");
  await db
    .insert(schema.storedFiles)
    .values({ key, ownerId: u.id, contentType: "image/png", size: 3 });
  return { projectId, moduleId: module?.id as string, file: path.join(dataDir, "files", key) };
}

async function countOwned(db: Db, u: TestUser, projectId: string) {
  const count = async (table: PgTable, where: SQL) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n ?? 0;
  return {
    user: await count(schema.user, eq(schema.user.id, u.id)),
    sessions: await count(schema.session, eq(schema.session.userId, u.id)),
    accounts: await count(schema.account, eq(schema.account.userId, u.id)),
    projects: await count(schema.projects, eq(schema.projects.adminId, u.id)),
    databases: await count(
      schema.projectDatabases,
      eq(schema.projectDatabases.projectId, projectId),
    ),
    settings: await count(schema.projectSettings, eq(schema.projectSettings.id, projectId)),
    counters: await count(schema.installCounters, eq(schema.installCounters.projectId, projectId)),
    builds: await count(schema.builds, eq(schema.builds.ownerId, u.id)),
    tests: await count(schema.testConfigs, eq(schema.testConfigs.userId, u.id)),
    comments: await count(schema.comments, eq(schema.comments.userId, u.id)),
    evaluations: await count(schema.evaluations, eq(schema.evaluations.userId, u.id)),
    projectModules: await count(
      schema.projectModules,
      eq(schema.projectModules.projectId, projectId),
    ),
    files: await count(schema.storedFiles, eq(schema.storedFiles.ownerId, u.id)),
  };
}

describe("account deletion", () => {
  it("removes the user and everything the user owns, and nobody else's data", async () => {
    const victim = await createTestUser(app);
    const bystander = await createTestUser(app);
    const mine = await seedOwnedData(app.deps.db, app.dataDir, victim);
    const theirs = await seedOwnedData(app.deps.db, app.dataDir, bystander);

    const res = await app.inject({
      method: "DELETE",
      url: "/api/account",
      headers: { cookie: victim.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(String(res.headers["set-cookie"])).toMatch(/better-auth\.session_token=;/);

    const left = await countOwned(app.deps.db, victim, mine.projectId);
    expect(Object.values(left).every((n) => n === 0)).toBe(true);
    expect(existsSync(mine.file)).toBe(false);
    // The store keeps the module, unattributed.
    const [module] = await app.deps.db
      .select()
      .from(schema.modules)
      .where(eq(schema.modules.id, mine.moduleId));
    expect(module?.createdBy).toBeNull();

    const kept = await countOwned(app.deps.db, bystander, theirs.projectId);
    expect(Object.values(kept).every((n) => n >= 1)).toBe(true);
    expect(existsSync(theirs.file)).toBe(true);

    expect((await signIn(app, victim.email, victim.password)).res.statusCode).toBe(401);
    const session = await app.inject({ url: "/api/session", headers: { cookie: victim.cookie } });
    expect(session.json()).toEqual({ user: null });
  });

  it("needs a session", async () => {
    const res = await app.inject({ method: "DELETE", url: "/api/account" });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: "Not Logged In - You must be logged in to proceed.",
    });
  });
});
