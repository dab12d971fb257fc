import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { APP_KEY_HEADER } from "@hybridge/shared/app-users/schemas";
import { AppUsersTexts } from "@hybridge/shared/app-users/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
  uniqueEmail,
} from "../../../test/test-app";
import { appUserSessions, appUsers, appUserTokens } from "../../platform/db/schema";
import { createTestProject } from "../projects/test-support";

// The links mailed to app users (decision 043, addendum): password reset and e-mail
// verification, in the app's name, each token one-use, stored as its SHA-256.

let app: TestApp;
let owner: TestUser;
let appKey: string;
let projectId: string;
const APP_NAME = "Ana's <Shop>";
const logged: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logged.push(String(chunk));
      done();
    },
  });
  app = await createTestApp({ log: { level: "trace", stream } });
  owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie, { name: APP_NAME });
  appKey = project.keyApp;
  projectId = project.id;
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

let addresses = 0;
/** A new client address per request, unless the test names one (the per-address limits). */
const post = (
  url: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = { [APP_KEY_HEADER]: appKey },
  remoteAddress = `10.9.${(++addresses >> 8) & 255}.${addresses & 255}`,
) =>
  app.inject({ method: "POST", url: `/api/v1/auth/${url}`, headers, payload: body, remoteAddress });

async function signUp(email = uniqueEmail("app"), password = "first password") {
  const res = await post("sign-up", { email, password });
  expect(res.statusCode).toBe(201);
  const session = res.json() as {
    user: { id: string; email: string; verified: boolean };
    accessToken: string;
    refreshToken: string;
  };
  return { email, password, session };
}

/** Every mail to `email` in the outbox, oldest first, with quoted-printable undone. */
function mailsTo(email: string): string[] {
  const dir = path.join(app.dataDir, "mail");
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files
    .map((file) => readFileSync(path.join(dir, file), "utf8"))
    .filter((raw) => raw.includes(`To: ${email}`))
    .map((raw) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "="));
}

/** The `count`-th mail to `email`, once it is written (the reset mail is sent after the answer). */
async function mailNumber(email: string, count: number): Promise<string> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const mails = mailsTo(email);
    if (mails.length >= count) return mails[count - 1] as string;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail number ${count} to ${email}`);
}

/** The token of the mail's link to `page` (reset or verify). */
function tokenIn(mail: string, page: "reset" | "verify"): string {
  const link = mail.match(new RegExp(`http://localhost:3000/app-auth/${page}\\?token=([\\w-]+)`));
  if (!link?.[1]) throw new Error(`no ${page} link in ${mail}`);
  return link[1];
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("POST /api/v1/auth/password-reset", () => {
  it("mails a one-hour, one-use link in the app's name, the token stored as its SHA-256", async () => {
    const { email, session } = await signUp();
    const res = await post("password-reset", { email: email.toUpperCase() });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({});
    const mail = await mailNumber(email, 1);
    expect(mail).toContain(`Subject: Reset your ${APP_NAME} password`);
    expect(mail).toContain(`Someone asked to reset the password of your ${APP_NAME} account.`);
    expect(mail).toContain("Ana&#39;s &#60;Shop&#62;");
    const token = tokenIn(mail, "reset");
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const [row] = await app.deps.db
      .select()
      .from(appUserTokens)
      .where(eq(appUserTokens.userId, session.user.id));
    expect(row?.purpose).toBe("reset");
    expect(row?.tokenHash).toBe(sha256(token));
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 60 * 60 * 1000)).toBeLessThan(5_000);
    // The log holds the link, without its token.
    expect(logged.join("")).toContain("/app-auth/reset?token=");
    expect(logged.join("")).not.toContain(token);
  });

  it("answers an unknown or disabled address the same, and mails neither", async () => {
    const disabled = await signUp();
    await app.deps.db
      .update(appUsers)
      .set({ disabledAt: new Date() })
      .where(eq(appUsers.id, disabled.session.user.id));
    const unknown = uniqueEmail("nobody");
    const known = await signUp();
    const answers = [];
    for (const email of [unknown, disabled.email, known.email]) {
      const res = await post("password-reset", { email });
      answers.push({ status: res.statusCode, body: res.body });
    }
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    await mailNumber(known.email, 1);
    await settle();
    expect(mailsTo(unknown)).toEqual([]);
    expect(mailsTo(disabled.email)).toEqual([]);
    const tokens = await app.deps.db
      .select()
      .from(appUserTokens)
      .where(eq(appUserTokens.userId, disabled.session.user.id));
    expect(tokens).toEqual([]);
  });

  it("refuses a bad address with 400 and an unknown app key with 404", async () => {
    const bad = await post("password-reset", { email: "not an e-mail" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AppUsersTexts.emailInvalid);
    const unknown = await post(
      "password-reset",
      { email: uniqueEmail() },
      { [APP_KEY_HEADER]: "x" },
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("refuses the 6th reset of one address in an hour, from any client address, with 429", async () => {
    const { email } = await signUp();
    for (let i = 0; i < 5; i++)
      expect((await post("password-reset", { email })).statusCode).toBe(202);
    const refused = await post("password-reset", { email });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // An unknown address spends its own budget the same way: the 429 tells nothing either.
    const nobody = uniqueEmail("nobody");
    for (let i = 0; i < 5; i++) await post("password-reset", { email: nobody });
    expect((await post("password-reset", { email: nobody })).statusCode).toBe(429);
    await mailNumber(email, 5);
  }, 30_000);
});

describe("the reset link", () => {
  it("says its app and address, sets the new password once, and ends every session", async () => {
    const { email, password, session } = await signUp();
    await post("password-reset", { email });
    const token = tokenIn(await mailNumber(email, 1), "reset");
    const check = await post("password-reset/check", { token }, {});
    expect(check.statusCode).toBe(200);
    expect(check.json()).toEqual({ appName: APP_NAME, email });

    const done = await post("password-reset/confirm", { token, password: "second password" }, {});
    expect(done.statusCode).toBe(204);
    expect((await post("sign-in", { email, password })).statusCode).toBe(401);
    expect((await post("sign-in", { email, password: "second password" })).statusCode).toBe(200);
    // The session open before the reset no longer refreshes.
    expect((await post("refresh", { refreshToken: session.refreshToken })).statusCode).toBe(401);

    for (const again of [
      await post("password-reset/confirm", { token, password: "third password" }, {}),
      await post("password-reset/check", { token }, {}),
    ]) {
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({
        code: "INVALID_LINK",
        message: AppUsersTexts.resetLinkInvalid,
      });
    }
    expect((await post("sign-in", { email, password: "third password" })).statusCode).toBe(401);
  });

  it("spends older links of the user too", async () => {
    const { email } = await signUp();
    await post("password-reset", { email });
    await post("password-reset", { email });
    const first = tokenIn(await mailNumber(email, 1), "reset");
    const second = tokenIn(await mailNumber(email, 2), "reset");
    expect(first).not.toBe(second);
    expect(
      (await post("password-reset/confirm", { token: second, password: "p-2nd-one" }, {}))
        .statusCode,
    ).toBe(204);
    expect(
      (await post("password-reset/confirm", { token: first, password: "p-1st-one" }, {}))
        .statusCode,
    ).toBe(400);
  });

  it("is refused once expired, and for a new password out of bounds", async () => {
    const { email, session } = await signUp();
    await post("password-reset", { email });
    const token = tokenIn(await mailNumber(email, 1), "reset");
    const short = await post("password-reset/confirm", { token, password: "short" }, {});
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain("use 8 to 128 characters");
    await app.deps.db
      .update(appUserTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(appUserTokens.userId, session.user.id));
    const expired = await post("password-reset/confirm", { token, password: "long enough" }, {});
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe("INVALID_LINK");
    const unknown = await post(
      "password-reset/confirm",
      { token: "A".repeat(43), password: "long enough" },
      {},
    );
    expect(unknown.statusCode).toBe(400);
  });

  it("sets one password of 8 confirmations at once", async () => {
    const { email } = await signUp();
    await post("password-reset", { email });
    const token = tokenIn(await mailNumber(email, 1), "reset");
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post("password-reset/confirm", { token, password: `password-${i}` }, {}),
      ),
    );
    const codes = answers.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 204)).toHaveLength(1);
    expect(codes.filter((code) => code === 400)).toHaveLength(7);
    const winner = codes.indexOf(204);
    const signIns = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post("sign-in", { email, password: `password-${i}` })),
    );
    expect(signIns.map((res) => res.statusCode)).toEqual(
      codes.map((_, i) => (i === winner ? 200 : 401)),
    );
  }, 30_000);
});

describe("e-mail verification", () => {
  const setVerify = async (verifyEmail: boolean) => {
    const res = await app.inject({
      method: "PATCH",
      url: `/api/projects/${projectId}/app-users/settings`,
      headers: { origin: "http://localhost:3000", cookie: owner.cookie },
      payload: { verifyEmail },
    });
    expect(res.statusCode).toBe(200);
  };
  const resend = (accessToken: string) =>
    post("verification", {}, { [APP_KEY_HEADER]: appKey, authorization: `Bearer ${accessToken}` });

  it("is off by default: sign-up mails nothing, and asking again says it is off", async () => {
    const { email, session } = await signUp();
    const res = await resend(session.accessToken);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AppUsersTexts.verificationOff);
    await settle();
    expect(mailsTo(email)).toEqual([]);
    expect(session.user.verified).toBe(false);
  });

  it("when on, mails a 24-hour link at sign-up that verifies the address once", async () => {
    await setVerify(true);
    try {
      const { email, password, session } = await signUp();
      expect(session.user.verified).toBe(false);
      const mail = await mailNumber(email, 1);
      expect(mail).toContain(`Subject: Verify your e-mail address for ${APP_NAME}`);
      const token = tokenIn(mail, "verify");
      const [row] = await app.deps.db
        .select()
        .from(appUserTokens)
        .where(eq(appUserTokens.tokenHash, sha256(token)));
      expect(row?.purpose).toBe("verify");
      const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
      expect(Math.abs(lifetime - 24 * 60 * 60 * 1000)).toBeLessThan(5_000);

      // Unverified users sign in all the same.
      expect((await post("sign-in", { email, password })).statusCode).toBe(200);
      // A verification token is no reset token.
      const asReset = await post("password-reset/check", { token }, {});
      expect(asReset.statusCode).toBe(400);

      const confirmed = await post("verification/confirm", { token }, {});
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({ appName: APP_NAME, email });
      const again = await post("verification/confirm", { token }, {});
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(AppUsersTexts.verifyLinkInvalid);
      const signedIn = (await post("sign-in", { email, password })).json();
      expect(signedIn.user.verified).toBe(true);
      // Verified: asking again mails nothing more.
      expect((await resend(signedIn.accessToken)).statusCode).toBe(202);
      await settle();
      expect(mailsTo(email)).toHaveLength(1);
    } finally {
      await setVerify(false);
    }
  });

  it("mails a new link on request, which verifies the address", async () => {
    await setVerify(true);
    try {
      const { email, session } = await signUp();
      await mailNumber(email, 1);
      const res = await resend(session.accessToken);
      expect(res.statusCode).toBe(202);
      const token = tokenIn(await mailNumber(email, 2), "verify");
      expect((await post("verification/confirm", { token }, {})).statusCode).toBe(200);
      const [user] = await app.deps.db
        .select()
        .from(appUsers)
        .where(eq(appUsers.id, session.user.id));
      expect(user?.verified).toBe(true);
      expect((await resend("not-a-token")).statusCode).toBe(401);
    } finally {
      await setVerify(false);
    }
  });

  it("verifies once of 6 confirmations at once", async () => {
    await setVerify(true);
    try {
      const { email } = await signUp();
      const token = tokenIn(await mailNumber(email, 1), "verify");
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => post("verification/confirm", { token }, {})),
      );
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    } finally {
      await setVerify(false);
    }
  });
});

describe("the sessions a reset ends", () => {
  it("are every refresh token of the user, of every family", async () => {
    const { email, password, session } = await signUp();
    const phone = (await post("sign-in", { email, password })).json();
    await post("password-reset", { email });
    const token = tokenIn(await mailNumber(email, 1), "reset");
    await post("password-reset/confirm", { token, password: "brand new password" }, {});
    const rows = await app.deps.db
      .select()
      .from(appUserSessions)
      .where(eq(appUserSessions.userId, session.user.id));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await post("refresh", { refreshToken: phone.refreshToken })).statusCode).toBe(401);
  });
});

describe("per client address", () => {
  it("limits resets and confirmations past AUTH_RATE_LIMIT_MAX with 429", async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: "3" } });
    try {
      const someone = await createTestUser(limited);
      const { keyApp } = await createTestProject(limited, someone.cookie);
      const send = (url: string, payload: Record<string, unknown>) =>
        limited.inject({
          method: "POST",
          url: `/api/v1/auth/${url}`,
          headers: { [APP_KEY_HEADER]: keyApp },
          payload,
        });
      const resets = [];
      for (let i = 0; i < 4; i++) {
        resets.push((await send("password-reset", { email: uniqueEmail() })).statusCode);
      }
      expect(resets).toEqual([202, 202, 202, 429]);
      const confirms = [];
      for (let i = 0; i < 4; i++) {
        const payload = { token: `unknown-${i}`, password: "long enough" };
        confirms.push((await send("password-reset/confirm", payload)).statusCode);
      }
      expect(confirms).toEqual([400, 400, 400, 429]);
    } finally {
      await limited.cleanup();
    }
  }, 60_000);
});
