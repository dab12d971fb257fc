import {
  BuildIdParamsSchema,
  BuildListResponseSchema,
  BuildPlatformQuerySchema,
  BuildResponseSchema,
  LatestBuildResponseSchema,
  ProjectIdParamsSchema,
  ProjectSummaryResponseSchema,
  RecordInstallInputSchema,
  RecordInstallResponseSchema,
  RequestBuildInputSchema,
} from "@hybridge/shared/builds/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { streamLiveEvents } from "../../platform/live";
import { requireUser } from "../../platform/session";
import { projectBuildsChannel } from "./build-events";
import { findOwnedProject, getLatestBuild, getProjectSummary } from "./get-latest-builds";
import { listBuilds } from "./list-builds";
import { publishBuild } from "./publish-build";
import { recordInstall } from "./record-install";
import { requestBuild } from "./request-build";
import { createLatestBuildsWatcher } from "./watch-latest-builds";

/** Installs counted per IP and minute: generous for real devices, a wall for a loop. */
const INSTALL_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

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

  r.post(
    "/api/v1/installs",
    {
      onRequest: app.rateLimit({
        ...INSTALL_RATE_LIMIT,
        keyGenerator: (request) => `installs|${request.ip}`,
      }),
      schema: { body: RecordInstallInputSchema, response: { 200: RecordInstallResponseSchema } },
    },
    async (request) => ({ count: await recordInstall({ db, ...request.body }) }),
  );
}
