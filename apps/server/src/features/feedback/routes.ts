import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import {
  CommentInputSchema,
  CommentParamsSchema,
  CommentSchema,
  CommentsQuerySchema,
  CommentsResponseSchema,
  EvaluationInputSchema,
  EvaluationResponseSchema,
  SaveEvaluationResponseSchema,
} from "@hybridge/shared/feedback/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { streamLiveEvents } from "../../platform/live";
import { perAddressLimit } from "../../platform/rate-limit";
import { getSession, requireUser } from "../../platform/session";
import { addComment } from "./add-comment";
import { COMMENTS_CHANNEL } from "./comment-view";
import { deleteComment } from "./delete-comment";
import { getEvaluation } from "./get-evaluation";
import { listComments } from "./list-comments";
import { saveEvaluation } from "./save-evaluation";
import { createCommentsWatcher } from "./watch-comments";

/** The feedback API: public comments (with a live stream) and one evaluation per user. */
export async function registerFeedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, live, listen, config } = app.deps;
  const { adminEmails } = config;
  const watcher = createCommentsWatcher({ db, listen, live, adminEmails, log: app.log });
  app.addHook("onClose", async () => watcher.close());
  // Signed out is answered before the body is validated: 401, not a 400 about the input.
  const signedIn = {
    onRequest: async (request: FastifyRequest) => void (await requireUser(request)),
  };

  r.get(
    "/api/feedback/comments",
    { schema: { querystring: CommentsQuerySchema, response: { 200: CommentsResponseSchema } } },
    async (request) => {
      const viewer = (await getSession(request))?.user ?? null;
      return listComments({ db, adminEmails, viewer, ...request.query });
    },
  );

  // Public, like the list: every viewer gets the same events (see PublicCommentSchema). The
  // stream says `ready` once every later change, wherever it is made, will reach it.
  r.get("/api/feedback/comments/events", async (request, reply) => {
    const release = await watcher.watch();
    if (request.raw.destroyed) {
      release();
      return reply;
    }
    streamLiveEvents(request, reply, live, [COMMENTS_CHANNEL], { onClose: release });
    return reply;
  });

  r.post(
    "/api/feedback/comments",
    {
      onRequest: [signedIn.onRequest, perAddressLimit(app, config.writeRateLimit)],
      schema: { body: CommentInputSchema, response: { 201: CommentSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const comment = await addComment({ db, user, input: request.body });
      return reply.status(201).send(comment);
    },
  );

  r.delete(
    "/api/feedback/comments/:id",
    { ...signedIn, schema: { params: CommentParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await deleteComment({ db, user, commentId: request.params.id });
      return { ok: true as const };
    },
  );

  r.get(
    "/api/feedback/evaluation",
    { ...signedIn, schema: { response: { 200: EvaluationResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { evaluation: await getEvaluation({ db, userId: user.id }) };
    },
  );

  r.put(
    "/api/feedback/evaluation",
    {
      ...signedIn,
      schema: { body: EvaluationInputSchema, response: { 200: SaveEvaluationResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      return saveEvaluation({ db, user, input: request.body });
    },
  );
}
