import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from "node:crypto";
import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Auth } from "./auth";
import type { Db } from "./db/client";
import { session, user } from "./db/schema";
import { AppError } from "./errors";

export type SessionInfo = { user: SessionUser; sessionId: string; sessionCreatedAt: Date };

export function toHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  return headers;
}

/**
 * Whether an account is an admin's: its address is in ADMIN_EMAILS (any case) AND its owner
 * proved the mailbox — the verification mail's link, or a password reset
 * (docs/decisions/032-admin-by-proof.md). Sign-up checks no address, so the list alone would
 * make whoever registers an admin address first an admin.
 */
export function isAdminAccount(
  adminEmails: ReadonlySet<string>,
  u: { email: string; emailVerified: boolean },
): boolean {
  return u.emailVerified && isAdminAddress(adminEmails, u.email);
}

/** Whether an address is in ADMIN_EMAILS (which holds them lower-cased). Not a right by itself. */
export function isAdminAddress(adminEmails: ReadonlySet<string>, email: string): boolean {
  return adminEmails.has(email.toLowerCase());
}

/** What the API tells the client about a user: never more than id, e-mail and the admin flag. */
export function toSessionUser(
  adminEmails: ReadonlySet<string>,
  u: { id: string; email: string; emailVerified: boolean },
): SessionUser {
  return { id: u.id, email: u.email, isAdmin: isAdminAccount(adminEmails, u) };
}

type FoundSession = {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  userId: string;
  email: string;
  emailVerified: boolean;
};

/**
 * Reads the signed-in user of a request in one indexed query (docs/decisions/026-server-
 * performance.md). better-auth's own lookup costs two queries (the session by token, then its
 * user), a fresh HMAC key import per cookie and its endpoint machinery: half the CPU of a
 * signed-in request. This reader checks better-auth's signed session cookie with a key imported
 * once, then finds the session and its user with one prepared query on the unique token.
 *
 * Nothing is cached between requests: a session that better-auth deletes (sign-out, password
 * change or reset, account deletion) stops working at the next request. A session that is due
 * for better-auth's sliding refresh (once a day, see `session.updateAge`) is handed to
 * better-auth, which moves its expiry, so sessions keep better-auth's lifetime rules.
 */
export function createSessionReader(options: { auth: Auth; db: Db; secret: string }) {
  const { auth, db } = options;
  const key: KeyObject = createSecretKey(Buffer.from(options.secret, "utf8"));
  const byToken = db
    .select({
      sessionId: session.id,
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .where(eq(session.token, sql.placeholder("token")))
    .limit(1)
    .prepare("session_by_token");
  // better-auth's cookie name (with its __Secure- prefix on https) and session lifetimes.
  const settings = auth.$context.then((context) => ({
    cookieName: context.authCookies.sessionToken.name,
    expiresInMs: context.sessionConfig.expiresIn * 1000,
    updateAgeMs: context.sessionConfig.updateAge * 1000,
  }));

  // Cookie values whose signature was checked, and their token: a signed-in browser sends the
  // same value with every request. Bounded; what a deleted session's cookie maps to is harmless
  // (the query finds no session).
  const verified = new Map<string, string>();
  const VERIFIED_MAX = 10_000;

  /** The token of a correctly signed cookie value (`token.base64(HMAC-SHA256)`), or null. */
  const verifiedToken = (cookieValue: string): string | null => {
    const known = verified.get(cookieValue);
    if (known !== undefined) return known;
    const token = checkSignature(cookieValue);
    if (token !== null) {
      if (verified.size >= VERIFIED_MAX) verified.clear();
      verified.set(cookieValue, token);
    }
    return token;
  };
  const checkSignature = (cookieValue: string): string | null => {
    const dot = cookieValue.lastIndexOf(".");
    if (dot < 1) return null;
    const token = cookieValue.slice(0, dot);
    const signature = cookieValue.slice(dot + 1);
    if (signature.length !== 44 || !signature.endsWith("=")) return null;
    const given = Buffer.from(signature, "base64");
    const expected = createHmac("sha256", key).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  };

  return async function read(request: FastifyRequest): Promise<SessionInfo | null> {
    const { cookieName, expiresInMs, updateAgeMs } = await settings;
    const raw = request.cookies[cookieName];
    if (!raw) return null;
    const token = verifiedToken(raw);
    if (!token) return null;
    const [found]: FoundSession[] = await byToken.execute({ token });
    if (!found) return null;
    const now = Date.now();
    if (found.expiresAt.getTime() <= now) return null;
    const adminEmails = request.server.deps.config.adminEmails;
    if (found.expiresAt.getTime() - expiresInMs + updateAgeMs <= now) {
      // Due for refresh: better-auth moves the expiry (and answers as it always did).
      const result = await auth.api.getSession({ headers: toHeaders(request) });
      if (!result) return null;
      return {
        user: toSessionUser(adminEmails, result.user),
        sessionId: result.session.id,
        sessionCreatedAt: new Date(result.session.createdAt),
      };
    }
    return {
      user: toSessionUser(adminEmails, {
        id: found.userId,
        email: found.email,
        emailVerified: found.emailVerified,
      }),
      sessionId: found.sessionId,
      sessionCreatedAt: found.createdAt,
    };
  };
}

export type SessionReader = ReturnType<typeof createSessionReader>;

/** The signed-in user of this request, or null. Looked up once per request. */
export async function getSession(request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.sessionInfo !== undefined) return request.sessionInfo;
  request.sessionInfo = await request.server.deps.readSession(request);
  return request.sessionInfo;
}

/** The signed-in user, or a 401 with the spec's 'Not Logged In' text. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const session = await getSession(request);
  if (!session) throw AppError.unauthenticated();
  return session.user;
}
