import {
  APPS_PATH,
  AppExistsResponseSchema,
  AppKeyParamsSchema,
  DevPayloadSchema,
  TestConsoleResponseSchema,
  UpdateTestConfigInputSchema,
} from "@hybridge/shared/test-console/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireDatabaseKey } from "../../platform/database-key";
import { requireUser } from "../../platform/session";
import { findApp } from "./find-app";
import { getDevConfig } from "./get-dev-config";
import { updateTestConfig } from "./update-test-config";
import { visitTestConsole } from "./visit-test-console";

/** Dev-config reads per IP and minute: a dev app polls now and then; a key guesser is stopped. */
const DEV_CONFIG_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

/**
 * The test console: the owner's visit of /test/{appKey} (creates or syncs the tester's
 * configuration), its three forms, and the dev app's read of the same configuration.
 */
export async function registerTestConsoleRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const publicUrl = config.publicUrl;

  r.get(
    "/api/test-console/:appKey",
    { schema: { params: AppKeyParamsSchema, response: { 200: TestConsoleResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return visitTestConsole({ db, publicUrl, user, appKey: request.params.appKey });
    },
  );

  r.patch(
    "/api/test-console/:appKey",
    {
      schema: {
        params: AppKeyParamsSchema,
        body: UpdateTestConfigInputSchema,
        response: { 200: TestConsoleResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return updateTestConfig({
        db,
        publicUrl,
        user,
        appKey: request.params.appKey,
        input: request.body,
      });
    },
  );

  // create-hybridge (no session, no key yet): whether the app key it was given exists. Limited
  // like dev-config, so that guessing app keys stays slow (decision 028).
  r.get(
    `${APPS_PATH}/:appKey`,
    {
      onRequest: app.rateLimit({
        ...DEV_CONFIG_RATE_LIMIT,
        keyGenerator: (request) => `apps|${request.ip}`,
      }),
      schema: { params: AppKeyParamsSchema, response: { 200: AppExistsResponseSchema } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return findApp({ db, appKey: request.params.appKey });
    },
  );

  // The dev app (no session): authorised by the project's database key.
  r.get(
    "/api/v1/dev-config/:appKey",
    {
      onRequest: app.rateLimit({
        ...DEV_CONFIG_RATE_LIMIT,
        keyGenerator: (request) => `dev-config|${request.ip}`,
      }),
      schema: { params: AppKeyParamsSchema, response: { 200: DevPayloadSchema } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const authorised = await requireDatabaseKey(request, reply, {
        appKey: request.params.appKey,
        realm: "hybridge-dev-config",
      });
      return getDevConfig({ db, publicUrl, app: authorised });
    },
  );
}
