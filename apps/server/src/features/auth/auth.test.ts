import { AuthTexts } from "@hybridge/shared/auth/texts";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  postJson,
  signIn,
  TEST_ORIGIN,
  type TestApp,
  uniqueEmail,
  verifyTestUser,
} from "../../../test/test-app";
import { user } from "../../platform/db/schema";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  postJson(app, url, payload, cookie);

describe("sign up", () => {
  it("creates the account, lower-cases the e-mail and signs the user in", async () => {
    const email = uniqueEmail("Mixed").replace("mixed", "MiXeD");
    const res = await post("/api/auth/sign-up/email", {
      email: `  ${email.toUpperCase()} `,
      password: "long-enough-password",
      name: "someone",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.email).toBe(email.toLowerCase());
    // The session token stays in the HttpOnly cookie: the body never carries it.
    expect(res.body).not.toContain("token");
    const cookie = String(res.headers["set-cookie"]);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
  });

  it("refuses an existing e-mail with the spec's text", async () => {
    const existing = await createTestUser(app);
    const res = await post("/api/auth/sign-up/email", {
      email: existing.email.toUpperCase(),
      password: "another-password",
      name: "x",
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: "ACCOUNT_EXISTS", message: AuthTexts.accountExists });
  });

  it("creates one account from 20 simultaneous sign-ups with one e-mail", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post("/api/auth/sign-up/email", { email, password: "race-password-1", name: "race" }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
    const rows = await app.deps.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
  });

  it("answers 400 with a clear message for bad input and writes nothing", async () => {
    const email = uniqueEmail("short");
    const res = await post("/api/auth/sign-up/email", { email, password: "short", name: "x" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "VALIDATION",
      message: "Password must be at least 8 characters.",
    });
    const bad = await post("/api/auth/sign-up/email", {
      email: "not-an-email",
      password: "long-enough-1",
      name: "x",
    });
    expect(bad.json()).toEqual({ code: "VALIDATION", message: AuthTexts.resetInvalidEmail });
    expect(await app.deps.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it("strips unknown fields instead of storing them", async () => {
    const email = uniqueEmail("strip");
    const res = await post("/api/auth/sign-up/email", {
      email,
      password: "long-enough-1",
      name: "x",
      emailVerified: true,
      image: "https://evil.test/x.png",
    });
    expect(res.statusCode).toBe(200);
    const [row] = await app.deps.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(false);
    expect(row?.image).toBeNull();
  });
});

describe("sign in and session", () => {
  it("signs in, reports the session, and signs out", async () => {
    const u = await createTestUser(app);
    const { res, cookie } = await signIn(app, u.email, u.password);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toEqual({ id: u.id, email: u.email, isAdmin: false });

    const session = await app.inject({
      url: "/api/session",
      headers: { cookie: cookie as string },
    });
    expect(session.json()).toEqual({ user: { id: u.id, email: u.email, isAdmin: false } });

    const out = await post("/api/auth/sign-out", {}, cookie);
    expect(out.statusCode).toBe(200);
    const after = await app.inject({ url: "/api/session", headers: { cookie: cookie as string } });
    expect(after.json()).toEqual({ user: null });
  });

  it("answers any failure with 'Error: check e-mail / password'", async () => {
    const u = await createTestUser(app);
    for (const attempt of [
      { email: u.email, password: "wrong-password" },
      { email: uniqueEmail("nobody"), password: "whatever-123" },
    ]) {
      const { res } = await signIn(app, attempt.email, attempt.password);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: "INVALID_CREDENTIALS", message: AuthTexts.loginFailed });
    }
  });

  it("answers a signed-out session lookup with no user", async () => {
    const res = await app.inject({ url: "/api/session" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it("marks admins from ADMIN_EMAILS once their address is verified", async () => {
    const adminEmail = uniqueEmail("admin");
    const adminApp = await createTestApp({
      env: { ADMIN_EMAILS: `other@x.test, ${adminEmail.toUpperCase()}` },
    });
    try {
      const admin = await createTestUser(adminApp, { email: adminEmail });
      const session = () =>
        adminApp.inject({ url: "/api/session", headers: { cookie: admin.cookie } });
      expect((await session()).json().user.isAdmin).toBe(false);
      await verifyTestUser(adminApp, admin);
      expect((await session()).json().user.isAdmin).toBe(true);
    } finally {
      await adminApp.cleanup();
    }
  });
});

describe("missing and mistyped fields", () => {
  it("answer each auth request with a clear message for the field", async () => {
    const u = await createTestUser(app);
    const cases: [string, unknown, string][] = [
      ["/api/account/password-reset", {}, AuthTexts.resetMissingEmail],
      ["/api/account/password-reset", { email: null }, AuthTexts.resetMissingEmail],
      ["/api/account/password-reset", { email: 42 }, AuthTexts.resetInvalidEmail],
      ["/api/auth/sign-in/email", {}, "Please enter your email address."],
      ["/api/auth/sign-in/email", { email: 42, password: "x" }, AuthTexts.resetInvalidEmail],
      ["/api/auth/sign-in/email", { email: u.email }, "Please enter your password."],
      ["/api/auth/sign-in/email", { email: u.email, password: 1 }, "Please enter your password."],
      ["/api/auth/sign-up/email", {}, "Please enter your email address."],
      ["/api/auth/sign-up/email", { email: uniqueEmail() }, "Please enter a password."],
      [
        "/api/auth/sign-up/email",
        { email: uniqueEmail(), password: "long-enough-1" },
        AuthTexts.nameMissing,
      ],
      ["/api/account/password", {}, AuthTexts.changeNewPasswordMissing],
      ["/api/account/password", { newPassword: 12345678 }, AuthTexts.changeNewPasswordMissing],
      ["/api/account/password", { newPassword: "long-enough-1" }, AuthTexts.changeConfirmMissing],
      [
        "/api/account/password",
        { newPassword: "long-enough-1", confirmPassword: "long-enough-1", token: 7 },
        AuthTexts.resetLinkInvalid,
      ],
    ];
    for (const [url, payload, message] of cases) {
      const res = await post(url, payload, u.cookie);
      expect(res.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(res.json(), `${url} ${JSON.stringify(payload)}`).toEqual({
        code: "VALIDATION",
        message,
      });
    }
  });
});

describe("rate limits", () => {
  it("limits sign-in, sign-up and reset per address", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });
    try {
      const attempt = () =>
        limited.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { origin: TEST_ORIGIN },
          payload: { email: "a@b.test", password: "whatever-1" },
        });
      for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toEqual({ code: "RATE_LIMITED", message: GenericTexts.rateLimited });

      // Each endpoint has its own budget.
      const reset = await limited.inject({
        method: "POST",
        url: "/api/account/password-reset",
        headers: { origin: TEST_ORIGIN },
        payload: { email: "nobody@b.test" },
      });
      expect(reset.statusCode).toBe(404);

      // X-Forwarded-For is not believed unless TRUST_PROXY says a proxy sets it.
      const spoofed = await limited.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { origin: TEST_ORIGIN, "x-forwarded-for": "203.0.113.9" },
        payload: { email: "a@b.test", password: "whatever-1" },
      });
      expect(spoofed.statusCode).toBe(429);
    } finally {
      await limited.cleanup();
    }
  });

  it("counts per forwarded address behind one trusted proxy, whatever the client writes before it", async () => {
    const proxied = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "1", TRUST_PROXY: "1" } });
    try {
      // What nginx's $proxy_add_x_forwarded_for sends: the client's own header, then the
      // address nginx saw. The client writes a new first entry every time.
      let n = 0;
      const attempt = (client: string) => {
        n += 1;
        return proxied.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { origin: TEST_ORIGIN, "x-forwarded-for": `198.51.100.${n}, ${client}` },
          payload: { email: "a@b.test", password: "whatever-1" },
        });
      };
      expect((await attempt("203.0.113.1")).statusCode).toBe(401);
      for (let i = 0; i < 3; i += 1) {
        const refused = await attempt("203.0.113.1");
        expect(refused.statusCode).toBe(429);
        expect(refused.json().code).toBe("RATE_LIMITED");
      }
      // Another client behind the same proxy has its own budget.
      expect((await attempt("203.0.113.2")).statusCode).toBe(401);
    } finally {
      await proxied.cleanup();
    }
  });

  it("believes X-Forwarded-For only from the proxies' addresses", async () => {
    const proxied = await createTestApp({
      env: { AUTH_RATE_LIMIT_MAX: "1", TRUST_PROXY: "10.0.0.5,10.0.1.0/24" },
    });
    try {
      const attempt = (from: string, forwardedFor: string) =>
        proxied.inject({
          method: "POST",
          url: "/api/auth/sign-in/email",
          headers: { origin: TEST_ORIGIN, "x-forwarded-for": forwardedFor },
          payload: { email: "a@b.test", password: "whatever-1" },
          remoteAddress: from,
        });
      // Through the proxies: the address they saw.
      expect((await attempt("10.0.0.5", "203.0.113.1")).statusCode).toBe(401);
      expect((await attempt("10.0.1.7", "198.51.100.9, 203.0.113.1")).statusCode).toBe(429);
      expect((await attempt("10.0.1.7", "203.0.113.2")).statusCode).toBe(401);
      // Straight to the server: its header is not believed.
      expect((await attempt("198.51.100.20", "203.0.113.3")).statusCode).toBe(401);
      expect((await attempt("198.51.100.20", "203.0.113.4")).statusCode).toBe(429);
    } finally {
      await proxied.cleanup();
    }
  });
});

describe("better-auth's own reset request", () => {
  it("is closed: the rate-limited /api/account/password-reset is the way in", async () => {
    const res = await post("/api/auth/request-password-reset", { email: "x@y.test" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: "NOT_FOUND", message: GenericTexts.notFound });
  });
});

describe("better-auth's other endpoints", () => {
  const notFound = { code: "NOT_FOUND", message: GenericTexts.notFound };

  it("are closed: no profile edits, no session token in JSON, no unlimited password guesses", async () => {
    const u = await createTestUser(app);
    const update = await post(
      "/api/auth/update-user",
      { name: "<script>", image: "https://evil.example/x.png" },
      u.cookie,
    );
    expect(update.statusCode).toBe(404);
    expect(update.json()).toEqual(notFound);
    const [row] = await app.deps.db.select().from(user).where(eq(user.id, u.id));
    expect(row?.name).not.toBe("<script>");
    expect(row?.image).toBeNull();

    for (const url of ["/api/auth/get-session", "/api/auth/list-sessions", "/api/auth/ok"]) {
      const res = await app.inject({ url, headers: { cookie: u.cookie } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(notFound);
      expect(res.body, url).not.toContain(u.cookie.split("=")[1]?.split(".")[0]);
    }
    for (const [url, payload] of [
      [
        "/api/auth/change-password",
        { currentPassword: "guess-1234", newPassword: "new-pass-1234" },
      ],
      ["/api/auth/verify-password", { password: "guess-1234" }],
      ["/api/auth/revoke-sessions", {}],
      ["/api/auth/delete-user", {}],
      ["/api/auth/no-such-endpoint", {}],
    ] as const) {
      const res = await post(url, payload, u.cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(notFound);
    }
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const res = await app.inject({
        method,
        url: "/api/auth/update-user",
        headers: { cookie: u.cookie },
      });
      expect(res.statusCode, method).toBe(404);
    }
    // The password is still the one the user chose, and the session still works.
    expect((await signIn(app, u.email, u.password)).res.statusCode).toBe(200);
    const session = await app.inject({ url: "/api/session", headers: { cookie: u.cookie } });
    expect(session.json().user.id).toBe(u.id);
  });

  it("keep sign-out, which answers in our shape and refuses another site", async () => {
    const u = await createTestUser(app);
    const foreign = await app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { origin: "https://evil.example", cookie: u.cookie },
      payload: {},
    });
    expect(foreign.statusCode).toBe(403);
    expect(Object.keys(foreign.json()).sort()).toEqual(["code", "message"]);
    const still = await app.inject({ url: "/api/session", headers: { cookie: u.cookie } });
    expect(still.json().user.id).toBe(u.id);

    const out = await post("/api/auth/sign-out", {}, u.cookie);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expect(String(out.headers["set-cookie"])).toMatch(/better-auth\.session_token=;/);
    // Signing out again (another tab already did) is fine.
    expect((await post("/api/auth/sign-out", {})).json()).toEqual({ ok: true });
  });

  it("keep the reset link, which sends a bad token to the page's error", async () => {
    const res = await app.inject({
      url: "/api/auth/reset-password/not-a-token?callbackURL=%2Fchange-password",
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(String(res.headers.location), TEST_ORIGIN);
    expect(location.pathname).toBe("/change-password");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");
  });
});
