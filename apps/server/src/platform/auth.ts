import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { account, session, user, verification } from "./db/schema";
import type { Mailer } from "./mail";

export const AUTH_BASE_PATH = "/api/auth";
/** A session younger than this may change the password without signing in again. */
export const RECENT_LOGIN_SECONDS = 15 * 60;

export function createAuth(options: {
  config: Config;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const { config, db, mailer, log } = options;
  return betterAuth({
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
      sendResetPassword: async ({ user: target, url }) => {
        await mailer.send({
          to: target.email,
          subject: AuthTexts.resetMailSubject,
          text: [
            "Hello,",
            "",
            "Someone asked to reset the password of your Hybridge account.",
            "Open this link within one hour to choose a new password:",
            "",
            url,
            "",
            "If it was not you, ignore this e-mail: your password stays as it is.",
            "",
            "— The Hybridge team",
          ].join("\n"),
          html: `<p>Hello,</p><p>Someone asked to reset the password of your Hybridge account.</p><p><a href="${url}">Choose a new password</a> (the link works for one hour).</p><p>If it was not you, ignore this e-mail: your password stays as it is.</p><p>— The Hybridge team</p>`,
        });
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
}

export type Auth = ReturnType<typeof createAuth>;

/** Where the reset mail's link lands: the password-change page, with the token. */
export const RESET_REDIRECT_PATH = paths.changePassword;
