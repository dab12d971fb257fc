import type { SessionUser } from "@hybridge/shared/auth/schemas";
import type { FastifyRequest } from "fastify";
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

/** What the API tells the client about a user: never more than id, e-mail and the admin flag. */
export function toSessionUser(
  adminEmails: ReadonlySet<string>,
  u: { id: string; email: string },
): SessionUser {
  return { id: u.id, email: u.email, isAdmin: adminEmails.has(u.email.toLowerCase()) };
}

/** The signed-in user of this request, or null. Looked up once per request. */
export async function getSession(request: FastifyRequest): Promise<SessionInfo | null> {
  if (request.sessionInfo !== undefined) return request.sessionInfo;
  const { auth, config } = request.server.deps;
  const result = await auth.api.getSession({ headers: toHeaders(request) });
  request.sessionInfo = result
    ? {
        user: toSessionUser(config.adminEmails, result.user),
        sessionId: result.session.id,
        sessionCreatedAt: new Date(result.session.createdAt),
      }
    : null;
  return request.sessionInfo;
}

/** The signed-in user, or a 401 with the spec's 'Not Logged In' text. */
export async function requireUser(request: FastifyRequest): Promise<SessionUser> {
  const session = await getSession(request);
  if (!session) throw AppError.unauthenticated();
  return session.user;
}
