import {
  CollectionParamsSchema,
  CollectionsResponseSchema,
  DATA_API_PATH,
  DeletedResponseSchema,
  DocumentParamsSchema,
  DocumentSchema,
  DocumentsQuerySchema,
  DocumentsResponseSchema,
  NewDocumentSchema,
  ProjectCollectionParamsSchema,
  ProjectDataParamsSchema,
  ProjectDocumentParamsSchema,
} from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { requireProjectKey } from "../../platform/database-key";
import { AppError } from "../../platform/errors";
import { streamLiveEvents } from "../../platform/live";
import { ownsProject } from "../../platform/owned-project";
import { perKeyBudget } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import {
  addDocument,
  deleteDocument,
  getDocument,
  listCollections,
  listDocuments,
} from "./documents";
import { collectionChannel, createDocumentsWatcher } from "./watch-documents";

const DATA_API_PREFIX = DATA_API_PATH;
const REALM = "hybridge-data";

/** The key of an `EventSource`, which cannot send headers: the events route's only credential. */
const EventsQuerySchema = z.object({ key: z.string().optional() });

/**
 * The database API behind a project's key (decision 027): JSON documents in named collections,
 * for the apps and their dev servers. No session and no cookie: the key is the credential, so
 * any origin may call (CORS open on these routes only). Each request is rate-limited per
 * project once its key is checked; another project's key never reaches these documents.
 */
export async function registerDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, listen, live, config } = app.deps;
  const limits = config.data;
  const watcher = createDocumentsWatcher({ db, listen, live, log: app.log });
  app.addHook("onClose", async () => watcher.close());

  // Open to every origin: a dev server on any port and the app's WebView call with the key.
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith(`${DATA_API_PREFIX}/`)) {
      reply.header("Access-Control-Allow-Origin", "*");
      reply.header("Access-Control-Expose-Headers", "Retry-After, WWW-Authenticate");
    }
  });
  r.options(`${DATA_API_PREFIX}/*`, async (_request, reply) => {
    reply.header("Access-Control-Allow-Methods", "GET, POST, DELETE, OPTIONS");
    reply.header("Access-Control-Allow-Headers", "Authorization, Content-Type");
    reply.header("Access-Control-Max-Age", "600");
    return reply.code(204).send();
  });

  const projectOf = new WeakMap<FastifyRequest, string>();
  const spend = perKeyBudget(app, {
    name: "data",
    max: limits.requestsPerMinute,
    windowSeconds: 60,
    keyOf: (request) => projectOf.get(request) ?? "",
  });
  /** The key's project, once its budget is spent (a refused key spends nothing). */
  const authorise = async (request: FastifyRequest, reply: FastifyReply, key?: string | null) => {
    const { projectId } = await requireProjectKey(request, reply, { realm: REALM, presented: key });
    projectOf.set(request, projectId);
    await spend(request, reply);
    return projectId;
  };

  r.get(
    `${DATA_API_PREFIX}/collections/:collection/documents`,
    {
      schema: {
        params: CollectionParamsSchema,
        querystring: DocumentsQuerySchema,
        response: { 200: DocumentsResponseSchema },
      },
    },
    async (request, reply) => {
      const projectId = await authorise(request, reply);
      reply.header("Cache-Control", "no-store");
      return listDocuments({ db, projectId, ...request.params, ...request.query });
    },
  );

  r.post(
    `${DATA_API_PREFIX}/collections/:collection/documents`,
    {
      bodyLimit: limits.maxDocumentBytes * 2 + 1024,
      schema: {
        params: CollectionParamsSchema,
        body: NewDocumentSchema,
        response: { 201: DocumentSchema },
      },
    },
    async (request, reply) => {
      const projectId = await authorise(request, reply);
      const document = await addDocument({
        db,
        limits,
        projectId,
        collection: request.params.collection,
        data: request.body,
      });
      return reply.code(201).send(document);
    },
  );

  r.get(
    `${DATA_API_PREFIX}/collections/:collection/documents/:id`,
    { schema: { params: DocumentParamsSchema, response: { 200: DocumentSchema } } },
    async (request, reply) => {
      const projectId = await authorise(request, reply);
      reply.header("Cache-Control", "no-store");
      const document = await getDocument({ db, projectId, ...request.params });
      if (!document) throw AppError.notFound(DataTexts.notFound);
      return document;
    },
  );

  r.delete(
    `${DATA_API_PREFIX}/collections/:collection/documents/:id`,
    { schema: { params: DocumentParamsSchema, response: { 200: DeletedResponseSchema } } },
    async (request, reply) => {
      const projectId = await authorise(request, reply);
      if (!(await deleteDocument({ db, projectId, ...request.params }))) {
        throw AppError.notFound(DataTexts.notFound);
      }
      return { ok: true as const };
    },
  );

  // The console's Database section: the owner, signed in, reads and deletes the project's
  // documents (another user's project answers 404).
  const ownedProject = async (request: FastifyRequest, projectId: string) => {
    const user = await requireUser(request);
    if (!(await ownsProject(db, user.id, projectId))) {
      throw AppError.notFound(DataTexts.projectNotFound);
    }
    return projectId;
  };
  r.get(
    "/api/projects/:id/data/collections",
    { schema: { params: ProjectDataParamsSchema, response: { 200: CollectionsResponseSchema } } },
    async (request) => {
      const projectId = await ownedProject(request, request.params.id);
      return listCollections({ db, projectId });
    },
  );
  r.get(
    "/api/projects/:id/data/collections/:collection/documents",
    {
      schema: {
        params: ProjectCollectionParamsSchema,
        querystring: DocumentsQuerySchema,
        response: { 200: DocumentsResponseSchema },
      },
    },
    async (request) => {
      const projectId = await ownedProject(request, request.params.id);
      return listDocuments({
        db,
        projectId,
        collection: request.params.collection,
        ...request.query,
      });
    },
  );
  r.delete(
    "/api/projects/:id/data/collections/:collection/documents/:documentId",
    { schema: { params: ProjectDocumentParamsSchema, response: { 200: DeletedResponseSchema } } },
    async (request) => {
      const projectId = await ownedProject(request, request.params.id);
      const { collection, documentId } = request.params;
      if (!(await deleteDocument({ db, projectId, collection, id: documentId }))) {
        throw AppError.notFound(DataTexts.notFound);
      }
      return { ok: true as const };
    },
  );

  // Server-sent events of one collection: `ready` once every later change will arrive, then
  // document-added (the document) and document-deleted ({ id }).
  r.get(
    `${DATA_API_PREFIX}/collections/:collection/events`,
    { schema: { params: CollectionParamsSchema, querystring: EventsQuerySchema } },
    async (request, reply) => {
      const projectId = await authorise(request, reply, request.query.key);
      const release = await watcher.watch(projectId, request.params.collection);
      if (request.raw.destroyed) {
        release();
        return reply;
      }
      reply.raw.setHeader("Access-Control-Allow-Origin", "*");
      streamLiveEvents(
        request,
        reply,
        live,
        [collectionChannel(projectId, request.params.collection)],
        { onClose: release },
      );
      return reply;
    },
  );
}
