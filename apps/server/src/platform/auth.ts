import { AuthMailTexts, AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { recordAudit } from "./audit";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { account, session, user, verification } from "./db/schema";
import type { Mailer } from "./mail";
import { isAdminAddress } from "./session";

export const AUTH_BASE_PATH = "/api/auth";
/** A session younger than this may change the password without signing in again. */
export const RECENT_LOGIN_SECONDS = 15 * 60;
/** How long the verification mail's link works. */
export const VERIFY_EMAIL_SECONDS = 24 * 60 * 60;
/** better-auth's verify endpoint, which the verification mail's link opens (features/auth). */
export const VERIFY_EMAIL_PATH = `${AUTH_BASE_PATH}/verify-email`;
/** The code of a verification link opened without being signed in to its account. */
export const SIGN_IN_REQUIRED = "SIGN_IN_REQUIRED";

/** The verification mail's link: our forwarded verify endpoint with the token, nothing else. */
export function verificationLink(publicUrl: string, token: string): string {
  const link = new URL(VERIFY_EMAIL_PATH, publicUrl);
  link.searchParams.set("token", token);
  return link.toString();
}

export function createAuth(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, log } = options;
  // Who is signed in on a request, for the verify endpoint's check below (set once `auth` exists).
  let signedInUserId: (headers: Headers) => Promise<string | null> = async () => null;
  const auth = betterAuth({
    appName: "Hybridge",
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret: config.secret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The reset mail's link proves the mailbox as well as the verification mail's does: the
      // real owner of an admin address someone else registered takes the account over this way
      // (their sessions end: revokeSessionsOnPasswordReset). docs/decisions/032-admin-by-proof.md
      onPasswordReset: async ({ user: target }) => {
        await db.transaction(async (tx) => {
          const [proved] = await tx
            .update(user)
            .set({ emailVerified: true })
            .where(and(eq(user.id, target.id), eq(user.emailVerified, false)))
            .returning({ email: user.email });
          // An admin address proved: the account becomes an admin's (audit log, decision 063).
          if (proved && isAdminAddress(config.adminEmails, proved.email)) {
            await recordAudit(tx, {
              actorId: target.id,
              action: "admin.granted",
              details: { via: "password-reset" },
            });
          }
        });
      },
      sendResetPassword: async ({ user: target, url }) => {
        await mailer.send({
          to: target.email,
          subject: AuthMailTexts.resetSubject,
          text: AuthMailTexts.resetText(url),
          html: AuthMailTexts.resetHtml(url),
        });
      },
    },
    // Only admin addresses are asked to verify (features/auth/admin-verification.ts): nothing
    // else depends on it, and mailing every new address would mail whatever address anyone types.
    emailVerification: {
      sendOnSignUp: false,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_SECONDS,
      sendVerificationEmail: async ({ user: target, token }) => {
        const url = verificationLink(config.publicUrl, token);
        const resetUrl = new URL(paths.resetPassword, config.publicUrl).toString();
        await mailer.send({
          to: target.email,
          subject: AuthMailTexts.verifySubject,
          text: AuthMailTexts.verifyText(config.publicUrl, url, resetUrl),
          html: AuthMailTexts.verifyHtml(
            escapeHtml(config.publicUrl),
            escapeHtml(url),
            escapeHtml(resetUrl),
          ),
        });
      },
      // The link verifies only in a browser signed in to its account: the mail goes to the
      // address's owner, who may not be who registered it, and a click by the owner must not
      // make someone else's account an admin's. Proof = the mailbox and the account's password.
      // better-auth wrote the flag itself: the event follows it, in its own statement.
      afterEmailVerification: async (target) => {
        if (!isAdminAddress(config.adminEmails, target.email)) return;
        await recordAudit(db, {
          actorId: target.id,
          action: "admin.granted",
          details: { via: "verification" },
        });
      },
      beforeEmailVerification: async (target, request) => {
        const signedIn = request ? await signedInUserId(request.headers) : null;
        if (signedIn !== target.id) {
          throw new APIError("FORBIDDEN", {
            code: SIGN_IN_REQUIRED,
            message: AuthTexts.verifySignInRequired,
          });
        }
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      freshAge: RECENT_LOGIN_SECONDS,
    },
    // Fastify's rate limiter guards sign-in, sign-up and reset per IP (see features/auth/routes).
    rateLimit: { enabled: false },
    advanced: {
      // better-auth skips its Origin (CSRF) check when NODE_ENV is "test": keep it on, so that
      // the API tests see what production does.
      disableOriginCheck: false,
      useSecureCookies: config.publicUrl.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    telemetry: { enabled: false },
    // Only better-auth's message reaches our log: its extra arguments can hold query
    // parameters (e-mails, hashes) that must never be written.
    logger: {
      level: "warn",
      log: (level, message) => log[level]({ source: "better-auth" }, message),
    },
  });
  // Read only: a refresh here would move the session's expiry without its cookie (this answer's
  // headers are not the browser's).
  signedInUserId = async (headers) =>
    (await auth.api.getSession({ headers, query: { disableRefresh: true } }))?.user.id ?? null;
  return auth;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export type Auth = ReturnType<typeof createAuth>;

/** Where the reset mail's link lands: the password-change page, with the token. */
export const RESET_REDIRECT_PATH = paths.changePassword;
