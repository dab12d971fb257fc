import {
  APP_KEY_HEADER,
  APP_USERS_API_PATH,
  AppKeyHeadersSchema,
  AppUserDeleteInputSchema,
  AppUserRefreshInputSchema,
  AppUserResponseSchema,
  AppUserSessionSchema,
  AppUserSignInInputSchema,
  AppUserSignOutInputSchema,
  AppUserSignUpInputSchema,
} from "@hybridge/shared/app-users/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { perAddressLimit, perKeyBudget } from "../../platform/rate-limit";
import {
  deleteAppUser,
  findAppProject,
  getAppUser,
  refreshAppUserSession,
  signInAppUser,
  signOutAppUser,
  signUpAppUser,
} from "./app-user-sessions";
import { verifyAppUserToken } from "./tokens";

/** Password attempts per project and e-mail (sign-in, account deletion), whatever the address. */
export const PASSWORD_ATTEMPTS = { max: 10, windowSeconds: 15 * 60 };

/**
 * The app users' API (decision 043): sign-up, sign-in, refresh, sign-out and the signed-in
 * user, for a project named by its public app key (X-Hybridge-App). Apps call from any origin,
 * with tokens and no cookie: CORS is open here as on the data API.
 */
export async function registerAppUsersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const secret = config.secret;
  const perAddress = perAddressLimit(app, config.authRateLimit);

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
      const { projectId } = await projectOf(request);
      const session = await signUpAppUser({ db, secret, projectId, ...request.body });
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
      await deleteAppUser({ db, projectId, userId: claims.userId, ...request.body });
      return reply.code(204).send();
    },
  );
}
