import {
  AcceptedResponseSchema,
  AppUserParamsSchema,
  AppUsersPageSchema,
  AppUsersParamsSchema,
  AppUsersQuerySchema,
  AppUsersSettingsSchema,
  ConsoleAppUserResponseSchema,
} from "@hybridge/shared/app-users/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { perAddressLimit, perKeyBudget } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import {
  getAppUsersSettings,
  listAppUsers,
  removeAppUser,
  sendAppUserReset,
  setAppUserDisabled,
  updateAppUsersSettings,
} from "./console-app-users";
import type { LinkMail } from "./mailed-links";

/** Reset links the console mails to one app user, whatever the address. */
export const CONSOLE_RESET_ATTEMPTS = { max: 5, windowSeconds: 60 * 60 };

const base = "/api/projects/:id/app-users";

/**
 * The console's Users section (decision 043, addendum): the signed-in owner of the project
 * (`:id`) reads and manages its app users; another user's project answers 404.
 */
export async function registerAppUsersConsoleRoutes(
  app: FastifyInstance,
  options: { mail: LinkMail },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const { mail } = options;
  const writes = perAddressLimit(app, config.writeRateLimit);

  const resetOf = new WeakMap<FastifyRequest, string>();
  const spendReset = perKeyBudget(app, {
    name: "app-user-console-reset",
    ...CONSOLE_RESET_ATTEMPTS,
    keyOf: (request) => resetOf.get(request) ?? "",
  });

  /** The signed-in owner's request on the project `:id`. */
  const ownerOf = async (request: FastifyRequest, projectId: string) => ({
    userId: (await requireUser(request)).id,
    projectId,
  });

  r.get(
    base,
    {
      schema: {
        params: AppUsersParamsSchema,
        querystring: AppUsersQuerySchema,
        response: { 200: AppUsersPageSchema },
      },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, request.params.id);
      reply.header("Cache-Control", "no-store");
      return listAppUsers(db, { ...owner, ...request.query });
    },
  );

  r.get(
    `${base}/settings`,
    { schema: { params: AppUsersParamsSchema, response: { 200: AppUsersSettingsSchema } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return getAppUsersSettings(db, await ownerOf(request, request.params.id));
    },
  );

  r.patch(
    `${base}/settings`,
    {
      onRequest: writes,
      schema: {
        params: AppUsersParamsSchema,
        body: AppUsersSettingsSchema,
        response: { 200: AppUsersSettingsSchema },
      },
    },
    async (request) => {
      const owner = await ownerOf(request, request.params.id);
      return updateAppUsersSettings(db, { ...owner, settings: request.body });
    },
  );

  for (const [action, disabled] of [
    ["disable", true],
    ["enable", false],
  ] as const) {
    r.post(
      `${base}/:userId/${action}`,
      {
        onRequest: writes,
        schema: { params: AppUserParamsSchema, response: { 200: ConsoleAppUserResponseSchema } },
      },
      async (request) => {
        const owner = await ownerOf(request, request.params.id);
        const appUserId = request.params.userId;
        return { user: await setAppUserDisabled(db, { ...owner, appUserId, disabled }) };
      },
    );
  }

  r.delete(
    `${base}/:userId`,
    { onRequest: writes, schema: { params: AppUserParamsSchema } },
    async (request, reply) => {
      const owner = await ownerOf(request, request.params.id);
      await removeAppUser(db, { ...owner, appUserId: request.params.userId });
      return reply.code(204).send();
    },
  );

  r.post(
    `${base}/:userId/password-reset`,
    {
      onRequest: writes,
      schema: { params: AppUserParamsSchema, response: { 202: AcceptedResponseSchema } },
    },
    async (request, reply) => {
      const owner = await ownerOf(request, request.params.id);
      const appUserId = request.params.userId;
      resetOf.set(request, `${owner.projectId}|${appUserId}`);
      const beforeMail = () => spendReset(request, reply);
      await sendAppUserReset(mail, { ...owner, appUserId, beforeMail });
      return reply.code(202).send({});
    },
  );
}
