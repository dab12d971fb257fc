import {
  LoginInputSchema,
  OkResponseSchema,
  PasswordChangeInputSchema,
  PasswordResetInputSchema,
  SessionResponseSchema,
  SignupRequestSchema,
} from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUTH_BASE_PATH } from "../../platform/auth";
import { user } from "../../platform/db/schema";
import { perAddressLimit } from "../../platform/rate-limit";
import { getSession, requireUser, toHeaders, toSessionUser } from "../../platform/session";
import { changePassword, resetPasswordWithToken } from "./change-password";
import { deleteAccount } from "./delete-account";
import { requestPasswordReset } from "./request-password-reset";

type AuthResult = { status: number; body: unknown; setCookies: string[]; headers: Headers };

/** Runs one better-auth endpoint with this request's headers and a (validated) body. */
async function callAuth(request: FastifyRequest, body?: unknown): Promise<AuthResult> {
  const { auth, config } = request.server.deps;
  const headers = toHeaders(request);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (hasBody) headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(new URL(request.url, config.publicUrl), {
      method: request.method,
      headers,
      body: hasBody ? JSON.stringify(body ?? request.body ?? {}) : undefined,
    }),
  );
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return {
    status: response.status,
    body: parsed,
    setCookies: response.headers.getSetCookie(),
    headers: response.headers,
  };
}

function errorCode(result: AuthResult): string | undefined {
  const body = result.body as { code?: unknown } | null;
  return typeof body?.code === "string" ? body.code : undefined;
}

function sendAuthResult(reply: FastifyReply, result: AuthResult) {
  for (const cookie of result.setCookies) reply.header("set-cookie", cookie);
  const location = result.headers.get("location");
  if (location) reply.header("location", location);
  const type = result.headers.get("content-type");
  if (type) reply.header("content-type", type);
  reply.status(result.status);
  return reply.send(
    result.body === null ? undefined : typeof result.body === "string" ? result.body : result.body,
  );
}

export async function registerAuthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, auth, storage } = app.deps;
  const limit = perAddressLimit(app, config.authRateLimit);

  const sessionBody = async (request: FastifyRequest) => {
    request.sessionInfo = undefined;
    return { user: (await getSession(request))?.user ?? null };
  };

  r.post(
    `${AUTH_BASE_PATH}/sign-in/email`,
    { onRequest: limit, schema: { body: LoginInputSchema } },
    async (request, reply) => {
      const result = await callAuth(request, request.body);
      if (result.status >= 400) {
        return reply
          .status(401)
          .send({ code: "INVALID_CREDENTIALS", message: AuthTexts.loginFailed });
      }
      for (const cookie of result.setCookies) reply.header("set-cookie", cookie);
      const signedIn = (result.body as { user: { id: string; email: string } }).user;
      return { user: toSessionUser(config.adminEmails, signedIn) };
    },
  );

  r.post(
    `${AUTH_BASE_PATH}/sign-up/email`,
    { onRequest: limit, schema: { body: SignupRequestSchema } },
    async (request, reply) => {
      const result = await callAuth(request, request.body);
      if (result.status >= 400) {
        const code = errorCode(result) ?? "";
        // A sign-up that lost a race on the unique e-mail fails inside better-auth: if the
        // account now exists, answer as for any existing account.
        const exists =
          code.startsWith("USER_ALREADY_EXISTS") ||
          (
            await db
              .select({ id: user.id })
              .from(user)
              .where(eq(user.email, request.body.email))
              .limit(1)
          ).length > 0;
        if (exists) {
          return reply
            .status(409)
            .send({ code: "ACCOUNT_EXISTS", message: AuthTexts.accountExists });
        }
        return sendAuthResult(reply, result);
      }
      for (const cookie of result.setCookies) reply.header("set-cookie", cookie);
      const created = (result.body as { user: { id: string; email: string } }).user;
      return {
        user: {
          id: created.id,
          email: created.email,
          isAdmin: config.adminEmails.has(created.email),
        },
      };
    },
  );

  // Our endpoint below is the way to ask for a reset mail.
  r.post(`${AUTH_BASE_PATH}/request-password-reset`, async (_request, reply) =>
    reply.status(404).send({ code: ErrorCodes.NOT_FOUND, message: "Not found" }),
  );

  // Everything else of better-auth (session, sign-out, reset-link redirect, …).
  r.route({
    method: ["GET", "POST"],
    url: `${AUTH_BASE_PATH}/*`,
    handler: async (request, reply) => sendAuthResult(reply, await callAuth(request)),
  });

  r.get("/api/session", { schema: { response: { 200: SessionResponseSchema } } }, async (request) =>
    sessionBody(request),
  );

  r.post(
    "/api/account/password-reset",
    {
      onRequest: limit,
      schema: { body: PasswordResetInputSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      await requestPasswordReset({ auth, db, email: request.body.email });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/account/password",
    {
      onRequest: limit,
      schema: { body: PasswordChangeInputSchema, response: { 200: OkResponseSchema } },
    },
    async (request) => {
      const { newPassword, token } = request.body;
      if (token) await resetPasswordWithToken({ auth, token, newPassword });
      else await changePassword({ auth, session: await getSession(request), newPassword });
      return { ok: true as const };
    },
  );

  r.delete(
    "/api/account",
    { schema: { response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      const current = await requireUser(request);
      await deleteAccount({ db, storage, userId: current.id });
      for (const name of Object.keys(request.cookies)) {
        if (name.includes("better-auth.")) reply.clearCookie(name, { path: "/" });
      }
      return { ok: true as const };
    },
  );
}
