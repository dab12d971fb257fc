import {
  BuildIdParamsSchema,
  BuildListResponseSchema,
  BuildPlatformQuerySchema,
  BuildResponseSchema,
  LatestBuildResponseSchema,
  ProjectIdParamsSchema,
  ProjectSummaryResponseSchema,
  type RecordInstallInput,
  RecordInstallInputSchema,
  RecordInstallResponseSchema,
  RequestBuildInputSchema,
} from "@hybridge/shared/builds/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireDatabaseKey } from "../../platform/database-key";
import { streamLiveEvents } from "../../platform/live";
import { perKeyBudget } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { projectBuildsChannel } from "./build-events";
import { findOwnedProject, getLatestBuild, getProjectSummary } from "./get-latest-builds";
import { listBuilds } from "./list-builds";
import { publishBuild } from "./publish-build";
import { recordInstall } from "./record-install";
import { requestBuild } from "./request-build";
import { createLatestBuildsWatcher } from "./watch-latest-builds";

/** Install reports per IP and minute: generous for real devices, a wall for a loop. */
const INSTALL_RATE_LIMIT = { max: 60, timeWindow: 60_000 };
/**
 * Install reports per app code and minute, from every address together, once the key is checked
 * (decision 014): bounds how fast anyone holding an app's key can add installs to it. An app
 * past it is told to retry later (429, Retry-After): installs are delayed, not lost.
 */
const INSTALLS_PER_APP = { max: 120, windowSeconds: 60 };

/**
 * The builds API: a project's latest builds (watched live), build requests, the owner's builds
 * history and publishing, and the install counter the mobile apps call.
 */
export async function registerBuildsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, live, listen } = app.deps;
  const watcher = createLatestBuildsWatcher({ db, listen, live, log: app.log });
  app.addHook("onClose", async () => watcher.close());

  r.get(
    "/api/projects/:id/builds/summary",
    { schema: { params: ProjectIdParamsSchema, response: { 200: ProjectSummaryResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return {
        project: await getProjectSummary({ db, userId: user.id, projectId: request.params.id }),
      };
    },
  );

  r.get(
    "/api/projects/:id/builds/latest",
    {
      schema: {
        params: ProjectIdParamsSchema,
        querystring: BuildPlatformQuerySchema,
        response: { 200: LatestBuildResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const build = await getLatestBuild({
        db,
        userId: user.id,
        projectId: request.params.id,
        platform: request.query.platform,
      });
      return { build };
    },
  );

  r.get(
    "/api/projects/:id/builds/events",
    { schema: { params: ProjectIdParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await findOwnedProject(db, { userId: user.id, projectId: request.params.id });
      // Every change of the project's builds, wherever it is made, reaches the stream.
      const watching = watcher.watch(request.params.id);
      streamLiveEvents(request, reply, live, [projectBuildsChannel(request.params.id)], {
        onClose: () => void watching.then((stop) => stop()),
      });
      return reply;
    },
  );

  r.post(
    "/api/projects/:id/builds",
    {
      schema: {
        params: ProjectIdParamsSchema,
        body: RequestBuildInputSchema,
        response: { 201: BuildResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const build = await requestBuild({
        db,
        userId: user.id,
        projectId: request.params.id,
        platform: request.body.platform,
      });
      return reply.status(201).send({ build });
    },
  );

  r.get(
    "/api/builds",
    {
      schema: { querystring: BuildPlatformQuerySchema, response: { 200: BuildListResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        builds: await listBuilds({ db, userId: user.id, platform: request.query.platform }),
      };
    },
  );

  r.post(
    "/api/builds/:buildId/publish",
    { schema: { params: BuildIdParamsSchema, response: { 200: BuildResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const build = await publishBuild({
        db,
        userId: user.id,
        buildId: request.params.buildId,
      });
      return { build };
    },
  );

  // The apps (no session): authorised by the project's database key, once per device.
  const spendAppBudget = perKeyBudget(app, {
    ...INSTALLS_PER_APP,
    name: "installs-app",
    keyOf: (request) => (request.body as RecordInstallInput).appKey,
  });
  r.post(
    "/api/v1/installs",
    {
      onRequest: app.rateLimit({
        ...INSTALL_RATE_LIMIT,
        keyGenerator: (request) => `installs|${request.ip}`,
      }),
      schema: { body: RecordInstallInputSchema, response: { 200: RecordInstallResponseSchema } },
    },
    async (request, reply) => {
      const { appKey, platform, installId } = request.body;
      const authorised = await requireDatabaseKey(request, reply, {
        appKey,
        realm: "hybridge-installs",
      });
      await spendAppBudget(request, reply);
      const counted = await recordInstall({
        db,
        projectId: authorised.projectId,
        platform,
        installId,
      });
      return { counted };
    },
  );
}
