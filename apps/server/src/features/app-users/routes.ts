import {
  AcceptedResponseSchema,
  APP_KEY_HEADER,
  APP_USERS_API_PATH,
  AppKeyHeadersSchema,
  AppUserDeleteInputSchema,
  AppUserLinkSchema,
  AppUserLinkTokenInputSchema,
  AppUserPasswordResetConfirmInputSchema,
  AppUserPasswordResetInputSchema,
  AppUserRefreshInputSchema,
  AppUserResponseSchema,
  AppUserSessionSchema,
  AppUserSignInInputSchema,
  AppUserSignOutInputSchema,
  AppUserSignUpInputSchema,
} from "@hybridge/shared/app-users/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { verifyAppUserToken } from "../../platform/app-user-tokens";
import { perAddressLimit, perKeyBudget } from "../../platform/rate-limit";
import {
  deleteOwnAppUser,
  findAppProject,
  getAppUser,
  refreshAppUserSession,
  signInAppUser,
  signOutAppUser,
  signUpAppUser,
} from "./app-user-sessions";
import { registerAppUsersConsoleRoutes } from "./console-routes";
import {
  confirmPasswordReset,
  confirmVerification,
  inspectResetLink,
  type LinkMail,
  mailVerification,
  requestPasswordReset,
  resendVerification,
} from "./mailed-links";

/** Password attempts per project and e-mail (sign-in, account deletion), whatever the address. */
export const PASSWORD_ATTEMPTS = { max: 10, windowSeconds: 15 * 60 };
/** Mailed links per project and e-mail (password reset, verification again), whatever the address. */
export const MAIL_ATTEMPTS = { max: 5, windowSeconds: 60 * 60 };

/**
 * Work that runs after the answer (a mail whose sending must not show in the answer's timing,
 * or hold a sign-up up): its failure is logged, and the server's close waits for it.
 */
function backgroundTasks(app: FastifyInstance) {
  const running = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled(running);
  });
  return (what: string, task: () => Promise<void>) => {
    const run = task()
      .catch((error: unknown) => app.log.error({ err: error }, `${what} failed`))
      .finally(() => running.delete(run));
    running.add(run);
  };
}

/**
 * The app users' API (decision 043): sign-up, sign-in, refresh, sign-out and the signed-in
 * user, for a project named by its public app key (X-Hybridge-App); the mailed links (password
 * reset, e-mail verification), whose token names its user. Apps call from any origin, with
 * tokens and no cookie: CORS is open here as on the data API. The console's Users section is
 * registered beside them (console-routes.ts).
 */
export async function registerAppUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const secret = config.secret;
  const perAddress = perAddressLimit(app, config.authRateLimit);
  const mail: LinkMail = { db, mailer: app.deps.mailer, publicUrl: config.publicUrl };
  const later = backgroundTasks(app);

  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith(`${APP_USERS_API_PATH}/`)) {
      reply.header("Access-Control-Allow-Origin", "*");
      reply.header("Access-Control-Expose-Headers", "Retry-After, WWW-Authenticate");
    }
  });
  r.options(`${APP_USERS_API_PATH}/*`, async (_request, reply) => {
    reply.header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
    reply.header("Access-Control-Allow-Headers", `Authorization, Content-Type, ${APP_KEY_HEADER}`);
    reply.header("Access-Control-Max-Age", "600");
    return reply.code(204).send();
  });

  const attemptOf = new WeakMap<FastifyRequest, string>();
  const spendAttempt = perKeyBudget(app, {
    name: "app-user-password",
    ...PASSWORD_ATTEMPTS,
    keyOf: (request) => attemptOf.get(request) ?? "",
  });
  /** Spends one password attempt of `email` in `projectId` (429 past the budget). */
  const attempt = async (
    request: FastifyRequest,
    reply: Parameters<typeof spendAttempt>[1],
    key: { projectId: string; email: string },
  ) => {
    attemptOf.set(request, `${key.projectId}|${key.email}`);
    await spendAttempt(request, reply);
  };
  const mailOf = new WeakMap<FastifyRequest, string>();
  const spendMail = perKeyBudget(app, {
    name: "app-user-mail",
    ...MAIL_ATTEMPTS,
    keyOf: (request) => mailOf.get(request) ?? "",
  });
  /** Spends one mailed link of `email` in `projectId` (429 past the budget). */
  const mailAttempt = async (
    request: FastifyRequest,
    reply: Parameters<typeof spendMail>[1],
    key: { projectId: string; email: string },
  ) => {
    mailOf.set(request, `${key.projectId}|${key.email}`);
    await spendMail(request, reply);
  };
  const projectOf = (request: FastifyRequest) =>
    findAppProject(db, request.headers[APP_KEY_HEADER] as string);

  r.post(
    `${APP_USERS_API_PATH}/sign-up`,
    {
      onRequest: perAddress,
      schema: {
        headers: AppKeyHeadersSchema,
        body: AppUserSignUpInputSchema,
        response: { 201: AppUserSessionSchema },
      },
    },
    async (request, reply) => {
      const { projectId, appName, verifyEmail } = await projectOf(request);
      const session = await signUpAppUser({ db, secret, projectId, ...request.body });
      if (verifyEmail) {
        const { id: userId, email } = session.user;
        later("verification mail", () => mailVerification(mail, { userId, email, appName }));
      }
      return reply.code(201).send(session);
    },
  );

  r.post(
    `${APP_USERS_API_PATH}/sign-in`,
    {
      onRequest: perAddress,
      schema: {
        headers: AppKeyHeadersSchema,
        body: AppUserSignInInputSchema,
        response: { 200: AppUserSessionSchema },
      },
    },
    async (request, reply) => {
      const { projectId } = await projectOf(request);
      await attempt(request, reply, { projectId, email: request.body.email });
      return signInAppUser({ db, secret, projectId, ...request.body });
    },
  );

  r.post(
    `${APP_USERS_API_PATH}/refresh`,
    {
      onRequest: perAddress,
      schema: {
        headers: AppKeyHeadersSchema,
        body: AppUserRefreshInputSchema,
        response: { 200: AppUserSessionSchema },
      },
    },
    async (request) => {
      const { projectId } = await projectOf(request);
      return refreshAppUserSession({
        db,
        secret,
        projectId,
        refreshToken: request.body.refreshToken,
      });
    },
  );

  r.post(
    `${APP_USERS_API_PATH}/sign-out`,
    { schema: { headers: AppKeyHeadersSchema, body: AppUserSignOutInputSchema } },
    async (request, reply) => {
      const { projectId } = await projectOf(request);
      await signOutAppUser({ db, projectId, refreshToken: request.body.refreshToken });
      return reply.code(204).send();
    },
  );

  r.get(
    `${APP_USERS_API_PATH}/user`,
    { schema: { headers: AppKeyHeadersSchema, response: { 200: AppUserResponseSchema } } },
    async (request) => {
      const { projectId } = await projectOf(request);
      const claims = await verifyAppUserToken(request, { projectId });
      return { user: await getAppUser({ db, projectId, userId: claims.userId }) };
    },
  );

  r.delete(
    `${APP_USERS_API_PATH}/user`,
    { schema: { headers: AppKeyHeadersSchema, body: AppUserDeleteInputSchema } },
    async (request, reply) => {
      const { projectId } = await projectOf(request);
      const claims = await verifyAppUserToken(request, { projectId });
      await attempt(request, reply, { projectId, email: claims.email });
      await deleteOwnAppUser({ db, projectId, userId: claims.userId, ...request.body });
      return reply.code(204).send();
    },
  );

  // Password reset: the same answer, at once, whatever the address (unknown, disabled): the
  // lookup and the mail run after it.
  r.post(
    `${APP_USERS_API_PATH}/password-reset`,
    {
      onRequest: perAddress,
      schema: {
        headers: AppKeyHeadersSchema,
        body: AppUserPasswordResetInputSchema,
        response: { 202: AcceptedResponseSchema },
      },
    },
    async (request, reply) => {
      const { projectId, appName } = await projectOf(request);
      const { email } = request.body;
      await mailAttempt(request, reply, { projectId, email });
      later("password reset mail", () => requestPasswordReset(mail, { projectId, appName, email }));
      return reply.code(202).send({});
    },
  );

  // The reset page's check of its link (the app's name, and whether it still works). The token
  // names its user and project: no app key.
  r.post(
    `${APP_USERS_API_PATH}/password-reset/check`,
    {
      onRequest: perAddress,
      schema: { body: AppUserLinkTokenInputSchema, response: { 200: AppUserLinkSchema } },
    },
    async (request) => inspectResetLink({ db, token: request.body.token }),
  );

  r.post(
    `${APP_USERS_API_PATH}/password-reset/confirm`,
    { onRequest: perAddress, schema: { body: AppUserPasswordResetConfirmInputSchema } },
    async (request, reply) => {
      await confirmPasswordReset({ db, ...request.body });
      return reply.code(204).send();
    },
  );

  // E-mail verification (when the project asks for it): the link again, and its confirmation.
  r.post(
    `${APP_USERS_API_PATH}/verification`,
    {
      onRequest: perAddress,
      schema: { headers: AppKeyHeadersSchema, response: { 202: AcceptedResponseSchema } },
    },
    async (request, reply) => {
      const { projectId } = await projectOf(request);
      const claims = await verifyAppUserToken(request, { projectId });
      await mailAttempt(request, reply, { projectId, email: claims.email });
      await resendVerification(mail, { projectId, userId: claims.userId });
      return reply.code(202).send({});
    },
  );

  r.post(
    `${APP_USERS_API_PATH}/verification/confirm`,
    {
      onRequest: perAddress,
      schema: { body: AppUserLinkTokenInputSchema, response: { 200: AppUserLinkSchema } },
    },
    async (request) => confirmVerification({ db, token: request.body.token }),
  );

  await registerAppUsersConsoleRoutes(app, { mail });
}
