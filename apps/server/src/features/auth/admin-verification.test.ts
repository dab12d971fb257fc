import { Writable } from "node:stream";
import { AuthMailTexts, AuthTexts } from "@hybridge/shared/auth/texts";
import { createEmailVerificationToken } from "better-auth/api";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  getAs,
  latestMailTo,
  postJson,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
  uniqueEmail,
  verificationLinkFor,
} from "../../../test/test-app";
import { auditEvents, user as users } from "../../platform/db/schema";
import { createTestModule, withCookie } from "../store/test-support";

// Admin rights come from a proven address (docs/decisions/032-admin-by-proof.md): the address in
// ADMIN_EMAILS *and* verified, by the mail's link or by a password reset.

const ADMIN = uniqueEmail("boss");
const OTHER_ADMIN = uniqueEmail("ops");

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    env: { ADMIN_EMAILS: `${OTHER_ADMIN.toUpperCase()}, ${ADMIN}` },
  });
});
afterAll(async () => {
  await app?.cleanup();
});

const isAdmin = async (cookie: string) =>
  (await getAs(app, "/api/session", cookie)).json().user.isAdmin;
const pending = async (cookie: string) =>
  (await getAs(app, "/api/account/admin-verification", cookie)).json().pending;
const commentBy = async (author: TestUser, text: string) => {
  const res = await postJson(app, "/api/feedback/comments", { text }, author.cookie);
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; isAdmin: boolean };
};
const deleteComment = (id: string, cookie: string) =>
  app.inject({
    method: "DELETE",
    url: `/api/feedback/comments/${id}`,
    headers: { origin: TEST_ORIGIN, cookie },
  });
const badgeOf = async (commentId: string) => {
  const { comments } = (await getAs(app, "/api/feedback/comments?limit=50")).json() as {
    comments: { id: string; isAdmin: boolean }[];
  };
  return comments.find((c) => c.id === commentId)?.isAdmin;
};
/** Where a verification link sends a browser with `cookie` (or none). */
const follow = async (link: string, cookie?: string) => {
  const res = await getAs(app, link, cookie);
  expect(res.statusCode).toBe(302);
  return String(res.headers.location);
};

describe("an admin address before its verification", () => {
  it("gives whoever registered it no admin right anywhere, in any case", async () => {
    // The attacker registers the admin address in another case before its owner does.
    const attacker = await createTestUser(app, { email: ADMIN.toUpperCase() });
    const member = await createTestUser(app);
    const memberComment = await commentBy(member, "A member's comment");
    const memberModule = await createTestModule(app, member.cookie);

    expect((await getAs(app, "/api/session", attacker.cookie)).json().user).toEqual({
      id: attacker.id,
      email: ADMIN,
      isAdmin: false,
    });
    const agents = await getAs(app, "/api/admin/agents", attacker.cookie);
    expect(agents.statusCode).toBe(403);
    expect(agents.json().code).toBe("FORBIDDEN");
    const created = await postJson(
      app,
      "/api/admin/agents",
      { name: "Mine", platforms: ["android"] },
      attacker.cookie,
    );
    expect(created.statusCode).toBe(403);
    expect((await getAs(app, "/api/community/early-adopters", attacker.cookie)).statusCode).toBe(
      403,
    );

    const own = await commentBy(attacker, "Official announcement");
    expect(own.isAdmin).toBe(false);
    expect(await badgeOf(own.id)).toBe(false);
    const refused = await deleteComment(memberComment.id, attacker.cookie);
    expect(refused.statusCode).toBe(403);
    expect(await badgeOf(memberComment.id)).toBe(false);
    const moduleRefused = await app.inject({
      method: "DELETE",
      url: `/api/store/modules/${memberModule.id}`,
      headers: withCookie(attacker.cookie),
    });
    expect(moduleRefused.statusCode).toBe(403);

    // A click on the mail's link by the address's owner, in a browser not signed in to the
    // account (or signed in to another), verifies nothing.
    const link = verificationLinkFor(app, ADMIN);
    expect(await follow(link)).toBe("/verify-email?error=SIGN_IN_REQUIRED");
    expect(await follow(link, member.cookie)).toBe("/verify-email?error=SIGN_IN_REQUIRED");
    expect(await isAdmin(attacker.cookie)).toBe(false);
    expect(await pending(attacker.cookie)).toBe(true);
  });
});

describe("the verification mail", () => {
  it("is sent at sign-up to an admin address only, and its link makes the account an admin's", async () => {
    const member = await createTestUser(app);
    expect(() => latestMailTo(app, member.email)).toThrow(/no mail/);
    expect(await pending(member.cookie)).toBe(false);

    const admin = await createTestUser(app, { email: OTHER_ADMIN });
    const mail = latestMailTo(app, OTHER_ADMIN);
    expect(mail).toContain(`Subject: ${AuthMailTexts.verifySubject}`);
    expect(mail).toContain(`${TEST_ORIGIN}/reset-password`);
    expect(await isAdmin(admin.cookie)).toBe(false);
    expect(await pending(admin.cookie)).toBe(true);
    const before = await commentBy(admin, "Before the link");
    expect(before.isAdmin).toBe(false);

    const link = verificationLinkFor(app, OTHER_ADMIN);
    expect(link).toMatch(/^\/api\/auth\/verify-email\?token=[^&]+$/);
    expect(await follow(link, admin.cookie)).toBe("/verify-email?result=verified");

    expect(await isAdmin(admin.cookie)).toBe(true);
    expect(await pending(admin.cookie)).toBe(false);
    expect((await getAs(app, "/api/admin/agents", admin.cookie)).statusCode).toBe(200);
    expect((await getAs(app, "/api/community/early-adopters", admin.cookie)).statusCode).toBe(200);
    // The badge is the author's now: their earlier comment carries it too.
    expect(await badgeOf(before.id)).toBe(true);
    expect((await commentBy(admin, "After the link")).isAdmin).toBe(true);
    const member2 = await createTestUser(app);
    const theirs = await commentBy(member2, "Delete me");
    expect((await deleteComment(theirs.id, admin.cookie)).statusCode).toBe(200);
    // Signing in again keeps it; the link again says verified.
    const again = await signIn(app, OTHER_ADMIN, admin.password);
    expect(again.res.json().user.isAdmin).toBe(true);
    expect(await follow(link, admin.cookie)).toBe("/verify-email?result=verified");
  });

  it("lands on the page with the reason when the link is invalid or has expired", async () => {
    expect(await follow("/api/auth/verify-email?token=not-a-token")).toBe(
      "/verify-email?error=INVALID_TOKEN",
    );
    expect(await follow("/api/auth/verify-email")).toBe("/verify-email?error=INVALID_TOKEN");
    const { secret } = app.deps.config;
    const expired = await createEmailVerificationToken(secret, ADMIN, undefined, -60);
    expect(await follow(`/api/auth/verify-email?token=${expired}`)).toBe(
      "/verify-email?error=TOKEN_EXPIRED",
    );
    // Signed with another secret: invalid, whatever it says.
    const forged = await createEmailVerificationToken(`${secret}-not`, ADMIN);
    expect(await follow(`/api/auth/verify-email?token=${forged}`)).toBe(
      "/verify-email?error=INVALID_TOKEN",
    );
    // A callbackURL is not better-auth's to follow: the link lands on our page only.
    const admin = await createTestUser(app, { email: uniqueEmail() });
    const valid = await createEmailVerificationToken(secret, admin.email);
    expect(
      await follow(
        `/api/auth/verify-email?token=${valid}&callbackURL=https://evil.example/`,
        admin.cookie,
      ),
    ).toBe("/verify-email?result=verified");
  });
});

describe("POST /api/account/admin-verification", () => {
  it("sends the mail again to an admin address not verified yet; 409 for anyone else", async () => {
    const address = uniqueEmail("late-admin");
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const adminApp = await createTestApp({
      env: { ADMIN_EMAILS: address },
      log: { level: "trace", stream },
    });
    try {
      const late = await createTestUser(adminApp, { email: address });
      const first = latestMailTo(adminApp, address);
      const sent = await postJson(adminApp, "/api/account/admin-verification", {}, late.cookie);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toEqual({ ok: true });
      expect(latestMailTo(adminApp, address)).not.toBe(first);
      const link = verificationLinkFor(adminApp, address);
      const signedOut = await adminApp.inject({ url: link });
      expect(signedOut.headers.location).toBe("/verify-email?error=SIGN_IN_REQUIRED");
      const landed = await adminApp.inject({ url: link, headers: { cookie: late.cookie } });
      expect(landed.headers.location).toBe("/verify-email?result=verified");
      // The link's token is never logged (the outbox logs the link redacted).
      const token = new URL(link, TEST_ORIGIN).searchParams.get("token") as string;
      expect(logLines.join("")).toContain("verify-email?token=[redacted]");
      expect(logLines.join("")).not.toContain(token);

      // Verified: nothing to send. A member's address: the same answer.
      const nothing = { code: "NOTHING_TO_VERIFY", message: AuthTexts.nothingToVerify };
      const again = await postJson(adminApp, "/api/account/admin-verification", {}, late.cookie);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual(nothing);
      const member = await createTestUser(adminApp);
      const theirs = await postJson(adminApp, "/api/account/admin-verification", {}, member.cookie);
      expect(theirs.statusCode).toBe(409);
      expect(theirs.json()).toEqual(nothing);
      expect(() => latestMailTo(adminApp, member.email)).toThrow(/no mail/);

      const anonymous = await postJson(adminApp, "/api/account/admin-verification", {});
      expect(anonymous.statusCode).toBe(401);
      expect((await adminApp.inject({ url: "/api/account/admin-verification" })).statusCode).toBe(
        401,
      );
    } finally {
      await adminApp.cleanup();
    }
  });

  it("is rate-limited like the other account routes", async () => {
    const address = uniqueEmail("admin");
    const limited = await createTestApp({
      env: { ADMIN_EMAILS: address, AUTH_RATE_LIMIT_MAX: "2" },
    });
    try {
      const admin = await createTestUser(limited, { email: address });
      const send = () => postJson(limited, "/api/account/admin-verification", {}, admin.cookie);
      expect((await send()).statusCode).toBe(200);
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe("RATE_LIMITED");
    } finally {
      await limited.cleanup();
    }
  });
});

describe("a password reset", () => {
  it("proves the mailbox: the real owner takes a squatted admin address over", async () => {
    const address = uniqueEmail("owner");
    const adminApp = await createTestApp({ env: { ADMIN_EMAILS: address } });
    try {
      const squatter = await createTestUser(adminApp, { email: address });
      expect(
        (
          await adminApp.inject({ url: "/api/session", headers: { cookie: squatter.cookie } })
        ).json().user.isAdmin,
      ).toBe(false);

      // The owner asks for a reset and follows the mail's link.
      const asked = await postJson(adminApp, "/api/account/password-reset", { email: address });
      expect(asked.statusCode).toBe(200);
      const resetLink = latestMailTo(adminApp, address).match(
        /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/,
      )?.[0];
      const url = new URL(resetLink as string);
      const landed = await adminApp.inject({ url: url.pathname + url.search });
      const token = new URL(String(landed.headers.location), TEST_ORIGIN).searchParams.get("token");
      const done = await postJson(adminApp, "/api/account/password", {
        newPassword: "the-owners-password",
        confirmPassword: "the-owners-password",
        token,
      });
      expect(done.statusCode).toBe(200);

      // The squatter is out; the owner is an admin at once.
      const [row] = await adminApp.deps.db
        .select({ emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, squatter.id));
      expect(row?.emailVerified).toBe(true);
      // The audit log says so (decision 063).
      expect(
        await adminApp.deps.db
          .select({ action: auditEvents.action, details: auditEvents.details })
          .from(auditEvents)
          .where(eq(auditEvents.actorId, squatter.id)),
      ).toEqual([{ action: "admin.granted", details: { via: "password-reset" } }]);
      expect(
        (
          await adminApp.inject({ url: "/api/session", headers: { cookie: squatter.cookie } })
        ).json().user,
      ).toBeNull();
      expect((await signIn(adminApp, address, squatter.password)).res.statusCode).toBe(401);
      const owner = await signIn(adminApp, address, "the-owners-password");
      expect(owner.res.json().user.isAdmin).toBe(true);
      const agents = await adminApp.inject({
        url: "/api/admin/agents",
        headers: { cookie: owner.cookie as string },
      });
      expect(agents.statusCode).toBe(200);
    } finally {
      await adminApp.cleanup();
    }
  });
});

describe("the test helper", () => {
  it("makes a verified admin", async () => {
    const address = uniqueEmail("helper");
    const adminApp = await createTestApp({ env: { ADMIN_EMAILS: address } });
    try {
      const admin = await createTestAdmin(adminApp, { email: address });
      const res = await adminApp.inject({ url: "/api/session", headers: { cookie: admin.cookie } });
      expect(res.json().user.isAdmin).toBe(true);
    } finally {
      await adminApp.cleanup();
    }
  });
});
