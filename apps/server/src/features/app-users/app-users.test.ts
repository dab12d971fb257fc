import { Writable } from "node:stream";
import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, uniqueEmail } from "../../../test/test-app";
import { appUserSessions, appUsers, projects } from "../../platform/db/schema";
import { redactSecrets } from "../../platform/redact";
import { createTestProject } from "../projects/test-support";

let app: TestApp;
let appKey: string;
let projectId: string;
let otherAppKey: string;
/** Every line the app logged (trace level: as much as it ever writes). */
const logged: string[] = [];
/** Every password and token handed over, none of which may reach the log. */
const secrets: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await createTestApp({ log: { level: "trace", stream } });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  appKey = project.keyApp;
  projectId = project.id;
  otherAppKey = (await createTestProject(app, owner.cookie)).keyApp;
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

type Session = {
  user: { id: string; email: string; verified: boolean };
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
};

const post = (path: string, body: Record<string, unknown>, key = appKey) =>
  app.inject({
    method: "POST",
    url: `/api/v1/auth/${path}`,
    headers: { [APP_KEY_HEADER]: key },
    payload: body,
  });

const kept = (session: Session) => {
  secrets.push(session.accessToken, session.refreshToken);
  return session;
};

async function signUp(email = uniqueEmail("app"), password = `pw-${Math.random()}`) {
  secrets.push(password);
  const res = await post("sign-up", { email, password });
  expect(res.statusCode).toBe(201);
  return { email, password, session: kept(res.json()) };
}

const getUser = (accessToken: string, key = appKey) =>
  app.inject({
    url: "/api/v1/auth/user",
    headers: { [APP_KEY_HEADER]: key, authorization: `Bearer ${accessToken}` },
  });

describe("sign-up", () => {
  it("makes a user of this project, signed in, with the e-mail lower-cased", async () => {
    const email = uniqueEmail("mixed");
    const { session } = await signUp(`  ${email.toUpperCase()} `);
    expect(session.user).toEqual({ id: expect.any(String), email, verified: false });
    expect(session.expiresIn).toBe(900);
    const [row] = await app.deps.db.select().from(appUsers).where(eq(appUsers.id, session.user.id));
    expect(row?.projectId).toBe(projectId);
    expect(row?.email).toBe(email);
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    const me = await getUser(session.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: session.user });
  });

  it("refuses a password shorter than 8 or longer than 128 characters, saying so", async () => {
    for (const password of ["short", "x".repeat(129)]) {
      const res = await post("sign-up", { email: uniqueEmail(), password });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain("use 8 to 128 characters");
    }
    const bad = await post("sign-up", { email: "not an e-mail", password: "long enough" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(AppUsersTexts.emailInvalid);
  });

  it("answers 409 to an e-mail already signed up in this project, and 201 in another", async () => {
    const { email } = await signUp();
    const again = await post("sign-up", { email, password: "another password" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: AppUsersTexts.emailTaken });
    const elsewhere = await post("sign-up", { email, password: "another password" }, otherAppKey);
    expect(elsewhere.statusCode).toBe(201);
    kept(elsewhere.json());
  });

  it("makes exactly one user of 20 sign-ups at once with one e-mail", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post("sign-up", { email, password: `password-${i}` })),
    );
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes).toEqual([201, ...Array(19).fill(409)]);
    for (const res of answers) if (res.statusCode === 201) kept(res.json());
    const rows = await app.deps.db.select().from(appUsers).where(eq(appUsers.email, email));
    expect(rows).toHaveLength(1);
  }, 60_000);

  it("needs a known app key", async () => {
    const missing = await app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-up",
      payload: { email: uniqueEmail(), password: "long enough" },
    });
    expect(missing.statusCode).toBe(400);
    const unknown = await post("sign-up", { email: uniqueEmail(), password: "long enough" }, "x");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(AppUsersTexts.appNotFound);
  });
});

describe("sign-in", () => {
  it("signs in with the right password, whatever the e-mail's case", async () => {
    const { email, password, session } = await signUp();
    const res = await post("sign-in", { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const signedIn = kept(res.json());
    expect(signedIn.user).toEqual(session.user);
    expect(signedIn.refreshToken).not.toBe(session.refreshToken);
  });

  it("answers a wrong password and an unknown e-mail alike, after similar work", async () => {
    const { email } = await signUp();
    const timed = async (body: Record<string, unknown>) => {
      const started = performance.now();
      const res = await post("sign-in", body);
      return { res, ms: performance.now() - started };
    };
    await timed({ email: uniqueEmail(), password: "warm the dummy hash" });
    const wrong = await timed({ email, password: "wrong password" });
    const unknown = await timed({ email: uniqueEmail(), password: "wrong password" });
    expect(wrong.res.statusCode).toBe(401);
    expect(unknown.res.statusCode).toBe(401);
    expect(unknown.res.json()).toEqual(wrong.res.json());
    expect(wrong.res.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: AppUsersTexts.invalidCredentials,
    });
    // Both checked a scrypt hash: neither answers in a fraction of the other's time.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 4);
    expect(wrong.ms).toBeGreaterThan(unknown.ms / 4);
  });

  it("does not sign in a user of this project with another project's app key", async () => {
    const { email, password } = await signUp();
    const res = await post("sign-in", { email, password }, otherAppKey);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AppUsersTexts.invalidCredentials);
  });

  it("refuses the 11th attempt at one e-mail in 15 minutes with 429 and Retry-After", async () => {
    const { email, password } = await signUp();
    for (let i = 0; i < 10; i++) {
      const res = await post("sign-in", { email, password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const refused = await post("sign-in", { email, password });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect(refused.json().code).toBe("RATE_LIMITED");
    // Another e-mail of the same project still signs in.
    const other = await signUp();
    const res = await post("sign-in", { email: other.email, password: other.password });
    expect(res.statusCode).toBe(200);
    kept(res.json());
  }, 30_000);
});

describe("refresh", () => {
  it("rotates: a new pair each time, the used refresh token no longer works", async () => {
    const { session } = await signUp();
    const first = await post("refresh", { refreshToken: session.refreshToken });
    expect(first.statusCode).toBe(200);
    const renewed = kept(first.json());
    expect(renewed.user).toEqual(session.user);
    expect(renewed.refreshToken).not.toBe(session.refreshToken);
    expect((await getUser(renewed.accessToken)).statusCode).toBe(200);
    const second = await post("refresh", { refreshToken: renewed.refreshToken });
    expect(second.statusCode).toBe(200);
    kept(second.json());
  });

  it("revokes the whole family when a used refresh token comes back (the newer one fails too)", async () => {
    const { session } = await signUp();
    const renewed = kept((await post("refresh", { refreshToken: session.refreshToken })).json());
    const reused = await post("refresh", { refreshToken: session.refreshToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(AppUsersTexts.sessionEnded);
    const newer = await post("refresh", { refreshToken: renewed.refreshToken });
    expect(newer.statusCode).toBe(401);
    expect(newer.json().message).toBe(AppUsersTexts.sessionEnded);
  });

  it("renews one of 5 refreshes of one token at once, and counts the others as a reuse", async () => {
    const { session } = await signUp();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post("refresh", { refreshToken: session.refreshToken })),
    );
    const renewed = answers.filter((res) => res.statusCode === 200);
    expect(renewed).toHaveLength(1);
    expect(answers.filter((res) => res.statusCode === 401)).toHaveLength(4);
    const pair = kept((renewed[0] as (typeof answers)[number]).json());
    // The reuse revoked the family: the pair just given no longer refreshes.
    expect((await post("refresh", { refreshToken: pair.refreshToken })).statusCode).toBe(401);
  });

  it("leaves other families alone when one is revoked", async () => {
    const { email, password, session } = await signUp();
    const phone = kept((await post("sign-in", { email, password })).json());
    await post("refresh", { refreshToken: session.refreshToken });
    await post("refresh", { refreshToken: session.refreshToken });
    const res = await post("refresh", { refreshToken: phone.refreshToken });
    expect(res.statusCode).toBe(200);
    kept(res.json());
  });

  it("refuses a token another project's app key presents, and leaves it usable", async () => {
    const { session } = await signUp();
    const res = await post("refresh", { refreshToken: session.refreshToken }, otherAppKey);
    expect(res.statusCode).toBe(401);
    const own = await post("refresh", { refreshToken: session.refreshToken });
    expect(own.statusCode).toBe(200);
    kept(own.json());
  });

  it("refuses a disabled user at the next refresh, and a sign-in", async () => {
    const { email, password, session } = await signUp();
    await app.deps.db
      .update(appUsers)
      .set({ disabledAt: new Date() })
      .where(eq(appUsers.id, session.user.id));
    const res = await post("refresh", { refreshToken: session.refreshToken });
    expect(res.statusCode).toBe(401);
    const signIn = await post("sign-in", { email, password });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(AppUsersTexts.disabled);
    expect((await getUser(session.accessToken)).statusCode).toBe(401);
  });

  it("refuses an unknown or expired refresh token", async () => {
    const unknown = await post("refresh", { refreshToken: "A".repeat(43) });
    expect(unknown.statusCode).toBe(401);
    const { session } = await signUp();
    await app.deps.db
      .update(appUserSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appUserSessions.userId, session.user.id));
    expect((await post("refresh", { refreshToken: session.refreshToken })).statusCode).toBe(401);
  });
});

describe("sign-out", () => {
  it("answers 204 and ends the session: its refresh token and the family's no longer work", async () => {
    const { session } = await signUp();
    const renewed = kept((await post("refresh", { refreshToken: session.refreshToken })).json());
    const out = await post("sign-out", { refreshToken: renewed.refreshToken });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe("");
    expect((await post("refresh", { refreshToken: renewed.refreshToken })).statusCode).toBe(401);
    // Signing out again, or with an unknown token, says the same.
    expect((await post("sign-out", { refreshToken: renewed.refreshToken })).statusCode).toBe(204);
  });
});

describe("the user's own account", () => {
  it("is deleted only with the password again; its sessions go with it", async () => {
    const { email, password, session } = await signUp();
    const del = (body: Record<string, unknown>, token = session.accessToken) =>
      app.inject({
        method: "DELETE",
        url: "/api/v1/auth/user",
        headers: { [APP_KEY_HEADER]: appKey, authorization: `Bearer ${token}` },
        payload: body,
      });
    expect((await del({})).statusCode).toBe(400);
    const wrong = await del({ password: "not the password" });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(AppUsersTexts.wrongPassword);
    expect((await del({ password }, "not-a-token")).statusCode).toBe(401);
    const done = await del({ password });
    expect(done.statusCode).toBe(204);
    const rows = await app.deps.db
      .select()
      .from(appUserSessions)
      .where(eq(appUserSessions.userId, session.user.id));
    expect(rows).toEqual([]);
    expect((await post("refresh", { refreshToken: session.refreshToken })).statusCode).toBe(401);
    expect((await post("sign-in", { email, password })).statusCode).toBe(401);
    expect((await getUser(session.accessToken)).statusCode).toBe(401);
    // The e-mail is free again.
    kept((await post("sign-up", { email, password })).json());
  });

  it("is not read with a token of this project under another project's app key", async () => {
    const { session } = await signUp();
    const res = await getUser(session.accessToken, otherAppKey);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(AppUsersTexts.tokenRequired);
  });
});

describe("a project's deletion", () => {
  it("takes its app users and their sessions with it", async () => {
    const owner = await createTestUser(app);
    const doomed = await createTestProject(app, owner.cookie);
    const email = uniqueEmail();
    const res = await post("sign-up", { email, password: "a long password" }, doomed.keyApp);
    const { user } = kept(res.json());
    await app.deps.db.delete(projects).where(eq(projects.id, doomed.id));
    expect(await app.deps.db.select().from(appUsers).where(eq(appUsers.id, user.id))).toEqual([]);
    const sessions = await app.deps.db
      .select()
      .from(appUserSessions)
      .where(eq(appUserSessions.userId, user.id));
    expect(sessions).toEqual([]);
  });
});

describe("CORS", () => {
  it("lets any origin call, with the app key's header", async () => {
    const res = await app.inject({
      method: "OPTIONS",
      url: "/api/v1/auth/sign-in",
      headers: { origin: "https://app.example", "access-control-request-method": "POST" },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-headers"]).toContain(APP_KEY_HEADER);
    // An app's page on another origin signs up: no cookie, no origin check, the answer readable.
    const answer = await app.inject({
      method: "POST",
      url: "/api/v1/auth/sign-up",
      headers: { [APP_KEY_HEADER]: appKey, origin: "https://app.example" },
      payload: { email: uniqueEmail(), password: "a long password" },
    });
    expect(answer.statusCode).toBe(201);
    expect(answer.headers["access-control-allow-origin"]).toBe("*");
    expect(answer.headers["set-cookie"]).toBeUndefined();
    kept(answer.json());
  });
});

describe("the log", () => {
  it("holds no password, access token or refresh token, of successes and refusals", async () => {
    const { email, password, session } = await signUp();
    await post("sign-in", { email, password: `${password}-wrong` });
    const signedIn = kept((await post("sign-in", { email, password })).json());
    const renewed = kept((await post("refresh", { refreshToken: signedIn.refreshToken })).json());
    await post("refresh", { refreshToken: signedIn.refreshToken });
    await getUser(`${session.accessToken}x`);
    await getUser(renewed.accessToken, otherAppKey);
    await post("sign-out", { refreshToken: session.refreshToken });
    await app.inject({
      method: "DELETE",
      url: "/api/v1/auth/user",
      headers: { [APP_KEY_HEADER]: appKey, authorization: `Bearer ${session.accessToken}` },
      payload: { password },
    });
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join("")).toContain("/api/v1/auth/");
    const text = logged.join("");
    for (const secret of secrets) expect(text).not.toContain(secret);
  });

  it("would be cleaned of the API's secrets even if a line held its bodies (decision 034)", () => {
    const line = JSON.stringify({
      body: { email: "ana@example.com", password: "hunter2-long", refreshToken: "r3fr3sh-t0ken" },
      answer: { accessToken: "eyJhbGciOiJIUzI1NiJ9.e30.c2ln" },
      headers: { authorization: "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln" },
    });
    const cleaned = redactSecrets(`${line}\n`);
    for (const secret of ["hunter2-long", "r3fr3sh-t0ken", "eyJhbGciOiJIUzI1NiJ9.e30.c2ln"]) {
      expect(cleaned).not.toContain(secret);
    }
    expect(cleaned).toContain("ana@example.com");
  });
});

describe("per address", () => {
  it("refuses sign-ups and sign-ins past AUTH_RATE_LIMIT_MAX from one address with 429", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });
    try {
      const owner = await createTestUser(limited);
      const { keyApp } = await createTestProject(limited, owner.cookie);
      const send = (path: string, email: string) =>
        limited.inject({
          method: "POST",
          url: `/api/v1/auth/${path}`,
          headers: { [APP_KEY_HEADER]: keyApp },
          payload: { email, password: "a long password" },
        });
      const signUps = [];
      for (let i = 0; i < 4; i++) signUps.push((await send("sign-up", uniqueEmail())).statusCode);
      expect(signUps).toEqual([201, 201, 201, 429]);
      // Each route counts on its own; sign-in's fourth attempt, each at another e-mail, is refused.
      const signIns = [];
      for (let i = 0; i < 4; i++) signIns.push((await send("sign-in", uniqueEmail())).statusCode);
      expect(signIns).toEqual([401, 401, 401, 429]);
      const refused = await send("sign-in", uniqueEmail());
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    } finally {
      await limited.cleanup();
    }
  }, 60_000);
});
