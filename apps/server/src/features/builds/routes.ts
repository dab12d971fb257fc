import {
  BuildEvents,
  BuildIdParamsSchema,
  BuildListResponseSchema,
  BuildLogQuerySchema,
  BuildLogResponseSchema,
  BuildPlatformQuerySchema,
  BuildResponseSchema,
  InstallPageResponseSchema,
  InstallParamsSchema,
  LatestBuildResponseSchema,
  ProjectBuildParamsSchema,
  ProjectIdParamsSchema,
  type RecordInstallInput,
  RecordInstallInputSchema,
  RecordInstallResponseSchema,
  RequestBuildInputSchema,
  RequestBuildResponseSchema,
} from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { requireDatabaseKey } from "../../platform/database-key";
import { sendDownload } from "../../platform/download";
import { streamLiveEvents } from "../../platform/live";
import { requireOwnedProject } from "../../platform/owned-project";
import { perKeyBudget } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { projectBuildsChannel } from "./build-events";
import { hasConnectedBuilder } from "./build-view";
import { cancelBuild } from "./cancel-build";
import { getInstallPage } from "./get-install-page";
import { getLatestBuild } from "./get-latest-builds";
import { listBuilds } from "./list-builds";
import { openBuildArtifact } from "./open-build-artifact";
import { openInstallIcon } from "./open-install-icon";
import { openPublishedApk } from "./open-published-apk";
import { publishBuild } from "./publish-build";
import { readBuildLog } from "./read-build-log";
import { recordInstall } from "./record-install";
import { requestBuild } from "./request-build";
import { createLatestBuildsWatcher } from "./watch-latest-builds";

const APK_TYPE = "application/vnd.android.package-archive";

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
  const { db, live, listen, storage, config } = app.deps;
  const watcher = createLatestBuildsWatcher({ db, listen, live, log: app.log });
  app.addHook("onClose", async () => watcher.close());

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
      return { build, builderConnected: await hasConnectedBuilder(db, request.query.platform) };
    },
  );

  r.get(
    "/api/projects/:id/builds/events",
    { schema: { params: ProjectIdParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await requireOwnedProject(db, {
        userId: user.id,
        projectId: request.params.id,
        notFound: BuildsTexts.projectNotFound,
      });
      // Every change of the project's builds, wherever it is made, reaches the stream.
      // This viewer's snapshot goes to its own stream only (a join costs one query and sends
      // nothing to the project's other viewers).
      const watching = watcher.watch(request.params.id);
      streamLiveEvents(request, reply, live, [projectBuildsChannel(request.params.id)], {
        initial: async () =>
          (await (await watching).snapshot()).map((build) => ({
            type: BuildEvents.changed,
            data: build,
          })),
        onClose: () => void watching.then((w) => w.release()),
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
        response: { 200: RequestBuildResponseSchema, 201: RequestBuildResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const answer = await requestBuild({
        db,
        userId: user.id,
        projectId: request.params.id,
        platform: request.body.platform,
        maxQueuedPerUser: config.quotas.maxQueuedBuildsPerUser,
      });
      // 200: the build already pending for this project and platform (decision 035).
      return reply.status(answer.alreadyQueued ? 200 : 201).send(answer);
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
    "/api/projects/:id/builds/:buildId/cancel",
    { schema: { params: ProjectBuildParamsSchema, response: { 200: BuildResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const build = await cancelBuild({
        db,
        userId: user.id,
        projectId: request.params.id,
        buildId: request.params.buildId,
      });
      return { build };
    },
  );

  r.get(
    "/api/projects/:id/builds/:buildId/log",
    {
      schema: {
        params: ProjectBuildParamsSchema,
        querystring: BuildLogQuerySchema,
        response: { 200: BuildLogResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return readBuildLog({
        db,
        userId: user.id,
        projectId: request.params.id,
        buildId: request.params.buildId,
        after: request.query.after,
      });
    },
  );

  r.get(
    "/api/projects/:id/builds/:buildId/apk",
    { schema: { params: ProjectBuildParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      const file = await openBuildArtifact({
        db,
        storage,
        userId: user.id,
        projectId: request.params.id,
        buildId: request.params.buildId,
      });
      return sendDownload(reply, file, APK_TYPE);
    },
  );

  // The public install page of a published app (no session: its address is what is shared).
  r.get(
    "/api/install/:appKey",
    { schema: { params: InstallParamsSchema, response: { 200: InstallPageResponseSchema } } },
    async (request) => getInstallPage({ db, appKey: request.params.appKey }),
  );

  r.get(
    "/api/install/:appKey/apk",
    {
      onRequest: app.rateLimit({
        ...INSTALL_RATE_LIMIT,
        keyGenerator: (request) => `install-apk|${request.ip}`,
      }),
      schema: { params: InstallParamsSchema },
    },
    async (request, reply) => {
      const file = await openPublishedApk({
        db,
        storage,
        appKey: request.params.appKey,
        device: { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" },
      });
      return sendDownload(reply, file, APK_TYPE);
    },
  );

  r.get(
    "/api/install/:appKey/icon",
    { schema: { params: InstallParamsSchema } },
    async (request, reply) => {
      const icon = await openInstallIcon({ db, storage, appKey: request.params.appKey });
      reply.header("Content-Type", "image/png");
      reply.header("Content-Length", icon.size);
      reply.header("Cache-Control", "public, max-age=300");
      reply.header("X-Content-Type-Options", "nosniff");
      return reply.send(icon.stream);
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
