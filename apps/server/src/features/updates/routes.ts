import {
  ChannelParamsSchema,
  RollbackInputSchema,
  UPDATE_CHECK_PATH,
  UPDATE_REPORT_PATH,
  UpdateBundleParamsSchema,
  UpdateChangeInputSchema,
  UpdateCheckInputSchema,
  UpdateCheckResponseSchema,
  UpdateParamsSchema,
  UpdateReportInputSchema,
  UpdateResponseSchema,
  UpdatesListResponseSchema,
  UpdatesProjectParamsSchema,
} from "@hybridge/shared/updates/schemas";
import { UpdatesTexts } from "@hybridge/shared/updates/texts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/errors";
import { streamLiveEvents } from "../../platform/live";
import { requireOwnedProject } from "../../platform/owned-project";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { checkUpdate } from "./check-update";
import { byteRange, openUpdateBundle, sliceStream } from "./open-update-bundle";
import { changeUpdate, listUpdates, rollbackChannel } from "./owner-updates";
import { reportUpdate } from "./report-update";
import { createUpdatesWatcher, projectUpdatesChannel } from "./watch-updates";

/**
 * Phones' calls per address and minute (check, report, bundle): generous — many phones share an
 * address behind a carrier's NAT — but not a loop.
 */
const DEVICE_RATE_LIMIT = { max: 600, windowSeconds: 60 };

/**
 * Over-the-air updates (issue 27, decision 051). The shells' side, public (an installed app has
 * no session): the check, the reports and the update's zip. The owner's side: the channels and
 * their updates with counts, a rollout change or pause, a channel's rollback.
 */
export async function registerUpdatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config, live, listen } = app.deps;
  const watcher = createUpdatesWatcher({ listen, live, log: app.log });
  app.addHook("onClose", async () => watcher.close());

  r.post(
    UPDATE_CHECK_PATH,
    {
      onRequest: perAddressLimit(app, DEVICE_RATE_LIMIT),
      schema: { body: UpdateCheckInputSchema, response: { 200: UpdateCheckResponseSchema } },
    },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return checkUpdate({ db, publicUrl: config.publicUrl, input: request.body });
    },
  );

  r.post(
    UPDATE_REPORT_PATH,
    {
      onRequest: perAddressLimit(app, DEVICE_RATE_LIMIT),
      schema: { body: UpdateReportInputSchema },
    },
    async (request, reply) => {
      await reportUpdate(db, request.body);
      return reply.status(204).send();
    },
  );

  // The id is an unguessable UUID given only by a check: the zip needs no credential. Immutable
  // (an update's bytes never change), resumable with Range.
  r.get(
    "/api/v1/updates/:id/bundle",
    {
      onRequest: perAddressLimit(app, DEVICE_RATE_LIMIT),
      schema: { params: UpdateBundleParamsSchema },
    },
    async (request, reply) => {
      const bundle = await openUpdateBundle(db, storage, request.params.id);
      if (!bundle) throw AppError.notFound(UpdatesTexts.updateNotFound);
      const etag = `"${bundle.sha256}"`;
      reply.header("Accept-Ranges", "bytes");
      reply.header("ETag", etag);
      reply.header("Cache-Control", "public, max-age=31536000, immutable");
      reply.header("X-Content-Type-Options", "nosniff");
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const ifRange = request.headers["if-range"];
      const range =
        ifRange === undefined || ifRange === etag
          ? byteRange(request.headers.range, bundle.size)
          : null;
      if (range === "unsatisfiable") {
        reply.header("Content-Range", `bytes */${bundle.size}`);
        return reply.status(416).send();
      }
      const file = await bundle.open();
      if (!file) throw AppError.notFound(UpdatesTexts.updateNotFound);
      reply.header("Content-Type", "application/zip");
      if (!range) {
        reply.header("Content-Length", bundle.size);
        return reply.send(file.stream);
      }
      reply.status(206);
      reply.header("Content-Range", `bytes ${range.start}-${range.end}/${bundle.size}`);
      reply.header("Content-Length", range.end - range.start + 1);
      return reply.send(sliceStream(file.stream, range.start, range.end));
    },
  );

  r.get(
    "/api/projects/:id/updates",
    {
      schema: { params: UpdatesProjectParamsSchema, response: { 200: UpdatesListResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return listUpdates({ db, userId: user.id, projectId: request.params.id });
    },
  );

  // The open Updates section's live stream: `updates-changed` (debounced) whenever a check, a
  // report, a deploy, a rollout or a rollback changes the project's updates; `ready` once the
  // LISTEN is in place, so the page's read after it misses nothing.
  r.get(
    "/api/projects/:id/updates/events",
    { schema: { params: UpdatesProjectParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await requireOwnedProject(db, {
        userId: user.id,
        projectId: request.params.id,
        notFound: UpdatesTexts.updateNotFound,
      });
      const release = await watcher.watch(request.params.id);
      // Gone while the LISTEN was being made: its close already happened, nothing to stream.
      if (request.raw.destroyed) {
        release();
        return reply.hijack();
      }
      streamLiveEvents(request, reply, live, [projectUpdatesChannel(request.params.id)], {
        onClose: release,
      });
    },
  );

  r.patch(
    "/api/projects/:id/updates/:updateId",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: {
        params: UpdateParamsSchema,
        body: UpdateChangeInputSchema,
        response: { 200: UpdateResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const update = await changeUpdate({
        db,
        userId: user.id,
        projectId: request.params.id,
        updateId: request.params.updateId,
        change: request.body,
      });
      return { update };
    },
  );

  r.post(
    "/api/projects/:id/channels/:channel/rollback",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: { params: ChannelParamsSchema, body: RollbackInputSchema },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      await rollbackChannel({
        db,
        userId: user.id,
        projectId: request.params.id,
        channel: request.params.channel,
        input: request.body,
      });
      return reply.status(204).send();
    },
  );
}
