import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingDb } from "../../test/counting-db";
import { createTestApp, createTestUser, postJson, type TestApp } from "../../test/test-app";
import * as schema from "./db/schema";
import { session } from "./db/schema";
import { createSessionReader } from "./session";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const DAY_MS = 24 * 60 * 60 * 1000;
const whoIs = async (cookie: string) =>
  (await app.inject({ url: "/api/session", headers: { cookie } })).json().user?.id ?? null;
/** The cookie's value with one character of its token or signature changed. */
function tampered(cookie: string, at: "token" | "signature"): string {
  const [name, value] = cookie.split("=", 2) as [string, string];
  const decoded = decodeURIComponent(value);
  const dot = decoded.lastIndexOf(".");
  const index = at === "token" ? 0 : dot + 1;
  const swapped = decoded[index] === "A" ? "B" : "A";
  const changed = decoded.slice(0, index) + swapped + decoded.slice(index + 1);
  return `${name}=${encodeURIComponent(changed)}`;
}

describe("the session reader", () => {
  it("finds the user in one query", async () => {
    const user = await createTestUser(app);
    const counting = countingDb(app);
    const read = createSessionReader({
      auth: app.deps.auth,
      db: counting.db,
      secret: app.deps.config.secret,
    });
    const request = {
      cookies: app.parseCookie(user.cookie),
      headers: { cookie: user.cookie },
      server: app,
    } as unknown as FastifyRequest;
    const found = await read(request);
    expect(found?.user).toEqual({ id: user.id, email: user.email, isAdmin: false });
    expect(counting.count()).toBe(1);
    // No cookie, or a cookie that is not signed by us: no query at all.
    const before = counting.count();
    expect(await read({ ...request, cookies: {} } as FastifyRequest)).toBeNull();
    const forged = tampered(user.cookie, "signature");
    expect(
      await read({ ...request, cookies: app.parseCookie(forged) } as FastifyRequest),
    ).toBeNull();
    expect(counting.count()).toBe(before);
  });

  it("tells an admin from the address and its verified flag, still in one query", async () => {
    const user = await createTestUser(app);
    const counting = countingDb(app);
    const read = createSessionReader({
      auth: app.deps.auth,
      db: counting.db,
      secret: app.deps.config.secret,
    });
    // The same app, with this user's address among the admins'.
    const config = { ...app.deps.config, adminEmails: new Set([user.email.toLowerCase()]) };
    const request = () =>
      ({
        cookies: app.parseCookie(user.cookie),
        headers: { cookie: user.cookie },
        server: { deps: { ...app.deps, config } },
      }) as unknown as FastifyRequest;
    expect((await read(request()))?.user.isAdmin).toBe(false);
    await app.deps.db
      .update(schema.user)
      .set({ emailVerified: true })
      .where(eq(schema.user.id, user.id));
    expect((await read(request()))?.user.isAdmin).toBe(true);
    expect(counting.count()).toBe(2);
  });

  it("refuses a changed token or signature", async () => {
    const user = await createTestUser(app);
    expect(await whoIs(user.cookie)).toBe(user.id);
    expect(await whoIs(tampered(user.cookie, "token"))).toBeNull();
    expect(await whoIs(tampered(user.cookie, "signature"))).toBeNull();
  });

  it("ends a signed-out session at once", async () => {
    const user = await createTestUser(app);
    expect(await whoIs(user.cookie)).toBe(user.id);
    const out = await postJson(app, "/api/auth/sign-out", {}, user.cookie);
    expect(out.statusCode).toBe(200);
    expect(await whoIs(user.cookie)).toBeNull();
  });

  it("refuses an expired session", async () => {
    const user = await createTestUser(app);
    await app.deps.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, user.id));
    expect(await whoIs(user.cookie)).toBeNull();
  });

  it("lets better-auth move the expiry of a session due for refresh", async () => {
    const user = await createTestUser(app);
    // 30-day sessions, refreshed once a day (platform/auth.ts): one that expires in 28 days
    // was last refreshed two days ago.
    const old = new Date(Date.now() + 28 * DAY_MS);
    await app.deps.db.update(session).set({ expiresAt: old }).where(eq(session.userId, user.id));
    expect(await whoIs(user.cookie)).toBe(user.id);
    const [row] = await app.deps.db
      .select({ expiresAt: session.expiresAt })
      .from(session)
      .where(eq(session.userId, user.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });
});
