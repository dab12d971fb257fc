import {
  AdminVerificationResponseSchema,
  LoginInputSchema,
  OkResponseSchema,
  PasswordChangeInputSchema,
  PasswordResetInputSchema,
  ResetLinkParamsSchema,
  ResetLinkQuerySchema,
  SessionResponseSchema,
  SignedInResponseSchema,
  SignupRequestSchema,
  VERIFY_EMAIL_DONE,
  VerifyEmailErrors,
  VerifyEmailQuerySchema,
} from "@hybridge/shared/auth/schemas";
import { AuthTexts } from "@hybridge/shared/auth/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { paths } from "@hybridge/shared/common/paths";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUTH_BASE_PATH, VERIFY_EMAIL_PATH } from "../../platform/auth";
import { user } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { perAddressLimit } from "../../platform/rate-limit";
import {
  getSession,
  isAdminAddress,
  requireUser,
  toHeaders,
  toSessionUser,
} from "../../platform/session";
import { cookiesOf, isAdminVerificationPending, sendAdminVerification } from "./admin-verification";
import { changePassword, resetPasswordWithToken } from "./change-password";
import { deleteAccount } from "./delete-account";
import { requestPasswordReset } from "./request-password-reset";

type AuthResult = { status: number; body: unknown; setCookies: string[]; headers: Headers };
type SignedInUser = { id: string; email: string; emailVerified: boolean };

/**
 * Runs one better-auth endpoint with this request's headers and a (validated) body, at the
 * request's own URL or at `url` (a path with the query better-auth is to see).
 */
async function callAuth(
  request: FastifyRequest,
  body?: unknown,
  url: string = request.url,
): Promise<AuthResult> {
  const { auth, config } = request.server.deps;
  const headers = toHeaders(request);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  if (hasBody) headers.set("content-type", "application/json");
  const response = await auth.handler(
    new Request(new URL(url, config.publicUrl), {
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

/** A better-auth failure in our one error shape; its 5xx details stay in the log. */
function authFailure(result: AuthResult): AppError {
  if (result.status >= 500) {
    return new AppError(ErrorCodes.INTERNAL, GenericTexts.internal, result.status);
  }
  const body = result.body as { message?: unknown } | null;
  const message = typeof body?.message === "string" ? body.message : GenericTexts.invalidInput;
  return new AppError(errorCode(result) ?? ErrorCodes.VALIDATION, message, result.status);
}

/** Passes better-auth's cookies and redirect on to the client. */
function forwardHeaders(reply: FastifyReply, result: AuthResult) {
  for (const cookie of result.setCookies) reply.header("set-cookie", cookie);
  const location = result.headers.get("location");
  if (location) reply.header("location", location);
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
    {
      onRequest: limit,
      schema: { body: LoginInputSchema, response: { 200: SignedInResponseSchema } },
    },
    async (request, reply) => {
      const result = await callAuth(request, request.body);
      // The spec has one text for every failure (and it tells no one which accounts exist).
      if (result.status >= 400) {
        throw new AppError("INVALID_CREDENTIALS", AuthTexts.loginFailed, 401);
      }
      forwardHeaders(reply, result);
      const signedIn = (result.body as { user: SignedInUser }).user;
      return { user: toSessionUser(config.adminEmails, signedIn) };
    },
  );

  r.post(
    `${AUTH_BASE_PATH}/sign-up/email`,
    {
      onRequest: limit,
      schema: { body: SignupRequestSchema, response: { 200: SignedInResponseSchema } },
    },
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
        if (exists) throw new AppError("ACCOUNT_EXISTS", AuthTexts.accountExists, 409);
        throw authFailure(result);
      }
      forwardHeaders(reply, result);
      const created = (result.body as { user: SignedInUser }).user;
      const signedUp = toSessionUser(config.adminEmails, created);
      // An admin address gets its verification mail at once (it has no rights until then). A
      // mail that fails does not undo the account: /dash offers to send it again.
      if (isAdminAddress(config.adminEmails, created.email)) {
        await sendAdminVerification({
          auth,
          adminEmails: config.adminEmails,
          user: signedUp,
          headers: cookiesOf(result.setCookies),
          log: request.log,
        }).catch(() => {});
      }
      return { user: signedUp };
    },
  );

  // Ends this browser's session (better-auth deletes it and clears the cookie); signed out
  // already is fine too. better-auth checks the Origin, as for every POST.
  r.post(
    `${AUTH_BASE_PATH}/sign-out`,
    { schema: { response: { 200: OkResponseSchema } } },
    async (request, reply) => {
      const result = await callAuth(request, {});
      if (result.status >= 400) throw authFailure(result);
      forwardHeaders(reply, result);
      return { ok: true as const };
    },
  );

  // The reset mail's link: better-auth checks the token and redirects to the password-change
  // page with it (or with ?error=INVALID_TOKEN).
  r.get(
    `${AUTH_BASE_PATH}/reset-password/:token`,
    { schema: { params: ResetLinkParamsSchema, querystring: ResetLinkQuerySchema } },
    async (request, reply) => {
      const result = await callAuth(request);
      if (result.status >= 400) throw authFailure(result);
      forwardHeaders(reply, result);
      return reply.status(result.status).send();
    },
  );

  // The verification mail's link: better-auth checks the token (and, through
  // beforeEmailVerification, that this browser is signed in to its account) and marks the
  // address verified. Its answer becomes a redirect to the page that says what happened; the
  // token alone goes on to better-auth (no callbackURL: nothing to redirect elsewhere).
  r.get(
    VERIFY_EMAIL_PATH,
    { schema: { querystring: VerifyEmailQuerySchema } },
    async (request, reply) => {
      const { token } = request.query;
      const landing = (query: string) => reply.redirect(`${paths.verifyEmail}?${query}`, 302);
      if (!token) return landing(`error=${VerifyEmailErrors.invalid}`);
      const result = await callAuth(
        request,
        undefined,
        `${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
      );
      if (result.status >= 500) throw authFailure(result);
      if (result.status >= 400) {
        const code = errorCode(result);
        const known = Object.values(VerifyEmailErrors).find((error) => error === code);
        return landing(`error=${known ?? VerifyEmailErrors.invalid}`);
      }
      return landing(`result=${VERIFY_EMAIL_DONE}`);
    },
  );

  // Nothing else of better-auth is reachable: its other endpoints (update-user, get-session
  // with the token in JSON, change-password, list-sessions, …) would bypass our validation,
  // texts and rate limits. The services call better-auth in process (auth.api) instead.
  r.all(`${AUTH_BASE_PATH}/*`, async () => {
    throw AppError.notFound();
  });

  r.get("/api/session", { schema: { response: { 200: SessionResponseSchema } } }, async (request) =>
    sessionBody(request),
  );

  r.get(
    "/api/account/admin-verification",
    { schema: { response: { 200: AdminVerificationResponseSchema } } },
    async (request) => ({
      pending: isAdminVerificationPending(config.adminEmails, await requireUser(request)),
    }),
  );

  // Sends the verification mail again (an admin address whose mail was lost, expired, or an
  // account made before admins needed one).
  r.post(
    "/api/account/admin-verification",
    { onRequest: limit, schema: { response: { 200: OkResponseSchema } } },
    async (request) => {
      await sendAdminVerification({
        auth,
        adminEmails: config.adminEmails,
        user: await requireUser(request),
        headers: toHeaders(request),
        log: request.log,
      });
      return { ok: true as const };
    },
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
      else await changePassword({ auth, db, session: await getSession(request), newPassword });
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
