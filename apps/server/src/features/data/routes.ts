import {
  CollectionIndexesResponseSchema,
  CollectionIndexInputSchema,
  CollectionIndexParamsSchema,
  CollectionIndexSchema,
} from "@hybridge/shared/data/indexes";
import { DocumentUpdateSchema } from "@hybridge/shared/data/operations";
import { CHANGE_ID } from "@hybridge/shared/data/protocol";
import { CountResponseSchema, DocumentQuerySchema } from "@hybridge/shared/data/query";
import {
  CollectionParamsSchema,
  CollectionsResponseSchema,
  DATA_API_PATH,
  DATA_FILE_FIELD,
  DATA_JSON_FIELD,
  DataEventsQuerySchema,
  DataFileParamsSchema,
  DeletedResponseSchema,
  DocumentFormSchema,
  DocumentParamsSchema,
  DocumentSchema,
  DocumentsQuerySchema,
  DocumentsResponseSchema,
  FileQuerySchema,
  NewDocumentSchema,
  NoQuerySchema,
  ProjectCollectionParamsSchema,
  ProjectDataParamsSchema,
  ProjectDocumentParamsSchema,
  WriteQuerySchema,
} from "@hybridge/shared/data/schemas";
import { DataStreamTexts, DataTexts, IndexTexts } from "@hybridge/shared/data/texts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { onAppUserErased } from "../../platform/app-user-erasure";
import { rememberDatabaseKeys, requireProjectKey } from "../../platform/database-key";
import { AppError } from "../../platform/errors";
import { streamLiveEvents } from "../../platform/live";
import { openMultipartForm, registerMultipart } from "../../platform/multipart-form";
import { requireOwnedProject } from "../../platform/owned-project";
import { perKeyBudget } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { presentedAppKey, userCallerOf } from "./app-callers";
import {
  declareCollectionIndex,
  deleteCollectionIndex,
  indexedPaths,
  listCollectionIndexes,
  reconcileCollectionIndexes,
} from "./collection-indexes";
import { projectRules, rememberCollectionRules } from "./collection-rules";
import { addDocumentWithFile, DATA_FILE_TYPES, type DataFileExtension } from "./document-files";
import { createDocumentPages } from "./document-pages";
import { appCaller, type DataCaller, documentScope, ownerCaller } from "./document-scope";
import {
  addDocument,
  DATA_FILES_FOLDER,
  deleteDocument,
  getDocument,
  listCollections,
  listDocuments,
} from "./documents";
import { deleteOwnedDocuments } from "./owned-documents";
import { countDocuments, listRuledDocuments, queryDocuments } from "./query-documents";
import { createDocumentsWatcher } from "./watch-documents";
import { sendMatching } from "./watch-query";
import { replaceDocument, updateDocument } from "./write-documents";

const DATA_API_PREFIX = DATA_API_PATH;
/** The filter every document matches: a live app's stream is then tested by its rule alone. */
const ALL_DOCUMENTS = { kind: "and" as const, filters: [] };
const REALM = "hybridge-data";
const JSON_TYPE = "application/json; charset=utf-8";

/** Whether an If-None-Match header names `etag` (or any version, `*`); weak or strong alike. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === etag || tag === "*");
}

/**
 * Sends an answer already written as JSON (a read's: documentJson, documentsPageJson), by its
 * route's schema: Fastify sends a string or a Buffer as it is, so the route's typed reply, which
 * expects the object, is set aside. The schema stays declared for the OpenAPI document.
 */
const sendWritten = (reply: FastifyReply, json: Buffer | string) =>
  reply.type(JSON_TYPE).send(json);

/**
 * The database API behind a project's key (decision 027): JSON documents in named collections,
 * for the apps and their dev servers. No session and no cookie: the key is the credential, so
 * any origin may call (CORS open on these routes only). Each request is rate-limited per
 * project once its key is checked; another project's key never reaches these documents.
 */
export async function registerDataRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, queries, listen, live, config, storage } = app.deps;
  const limits = config.data;
  const view = { filesBase: `${config.publicUrl}${DATA_API_PREFIX}/files` };
  const pages = createDocumentPages({
    maxBytes: limits.cacheBytes,
    heard: () => watcher.heard(),
    wrote: (change) => watcher.wrote(change),
  });
  const watcher = createDocumentsWatcher({
    db,
    listen,
    shared: app.deps.databaseKind === "postgres",
    live,
    view,
    log: app.log,
    changed: pages.forget,
    missed: pages.clear,
  });
  // A key that changes ends the streams opened with it, on every server (database_keys).
  const keys = rememberDatabaseKeys({
    db,
    listen,
    log: app.log,
    changed: (projectId) => void watcher.keyChanged(projectId),
    missed: () => void watcher.keysMissed(),
  });
  // An app user deleting their account takes the documents the rules say are theirs.
  const forgetEraser = onAppUserErased(db, (user) =>
    deleteOwnedDocuments({ db, storage, pages, ...user }),
  );
  // Rules changed on another server are forgotten here at once (collection_rules).
  const rules = rememberCollectionRules({ db, listen, log: app.log });
  app.addHook("onClose", async () => {
    pages.clear();
    forgetEraser();
    await Promise.all([watcher.close(), keys.close(), rules.close()]);
  });

  // Open to every origin: a dev server on any port and the app's WebView call with the key.
  app.addHook("onRequest", async (request, reply) => {
    if (request.url.startsWith(`${DATA_API_PREFIX}/`)) {
      reply.header("Access-Control-Allow-Origin", "*");
      reply.header("Access-Control-Expose-Headers", "Retry-After, WWW-Authenticate");
    }
  });
  r.options(`${DATA_API_PREFIX}/*`, async (_request, reply) => {
    reply.header("Access-Control-Allow-Methods", "GET, POST, PUT, PATCH, DELETE, OPTIONS");
    reply.header("Access-Control-Allow-Headers", "Authorization, Content-Type, X-Hybridge-App");
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
  /** The app whose key the request carries, its budget spent (a refused key spends nothing). */
  const authorised = async (request: FastifyRequest, reply: FastifyReply, key?: string | null) => {
    const app = await requireProjectKey(request, reply, { realm: REALM, presented: key });
    projectOf.set(request, app.projectId);
    await spend(request, reply);
    return app;
  };
  /**
   * The caller of an app's request: a live app by its app key (and its user's token, if any),
   * bound by the access rules; else the Test Mode key's. Its budget spent once it is known.
   */
  const callerOf = async (
    request: FastifyRequest,
    reply: FastifyReply,
    presented: { key?: string; app?: string; token?: string } = {},
  ) => {
    const keyApp = presentedAppKey(request, presented.app);
    if (!keyApp) return appCaller(await authorised(request, reply, presented.key));
    const caller = await userCallerOf(request, {
      db,
      secret: config.secret,
      keyApp,
      token: presented.token,
    });
    projectOf.set(request, caller.projectId);
    await spend(request, reply);
    return caller;
  };
  /** The scope of a caller on one collection: with the collection's rules for a live app. */
  const scopeOf = async (caller: DataCaller, collection: string) =>
    caller.kind === "user"
      ? documentScope(
          caller,
          collection,
          (await projectRules(db, caller.projectId)).get(collection) ?? null,
          await indexedPaths(db, caller.projectId, collection),
        )
      : documentScope(caller, collection);
  /** The documents of `collection` the app whose key (or app key) the request carries may reach. */
  const appScope = async (request: FastifyRequest, reply: FastifyReply, collection: string) =>
    scopeOf(await callerOf(request, reply), collection);

  // A document with a file: multipart, its JSON in the `data` field, then one file.
  await registerMultipart(app, {
    fieldNameSize: 100,
    fieldSize: limits.maxDocumentBytes * 2,
    fields: 2,
    files: 1,
    parts: 3,
    headerPairs: 100,
    fileSize: limits.maxFileBytes + 1,
  });
  r.post(
    `${DATA_API_PREFIX}/collections/:collection/documents/file`,
    {
      config: { multipartForm: { textFields: [DATA_JSON_FIELD], jsonFields: [DATA_JSON_FIELD] } },
      schema: {
        params: CollectionParamsSchema,
        querystring: NoQuerySchema,
        response: { 201: DocumentSchema },
      },
    },
    async (request, reply) => {
      const caller = await callerOf(request, reply);
      const scope = await scopeOf(caller, request.params.collection);
      const form = openMultipartForm(request, {
        fileFields: { [DATA_FILE_FIELD]: "file" as const },
        maxFiles: 1,
      });
      const { data } = await form.parseFields(DocumentFormSchema);
      for await (const upload of form.files()) {
        const document = await addDocumentWithFile({
          db,
          pages,
          storage,
          limits,
          maxProjectBytes: config.quotas.maxProjectStorageBytes,
          scope,
          ownerId: caller.adminId,
          data,
          upload,
          view,
        });
        return reply.code(201).send(document);
      }
      throw AppError.validation(DataTexts.fileRequired);
    },
  );

  // A document's file, by its random name (the document's fileUrl): public like an image link,
  // so that an <img> of the app, on any origin, can show it. Kept by the browser alone and asked
  // again at each use (decision 036): a deleted document's file answers 404 at once, and a file
  // still there answers 304 without its bytes. A name is never reused for other bytes, so it is
  // the file's version.
  r.get(
    `${DATA_API_PREFIX}/files/:name`,
    { schema: { params: DataFileParamsSchema, querystring: FileQuerySchema } },
    async (request, reply) => {
      const { name } = request.params;
      const [, extension] = name.split(".") as [string, DataFileExtension];
      const key = `${DATA_FILES_FOLDER}/${name}`;
      const etag = `"${name}"`;
      reply.header("Cache-Control", "private, no-cache");
      reply.header("Cross-Origin-Resource-Policy", "cross-origin");
      if (matchesEtag(request.headers["if-none-match"], etag)) {
        if (!(await storage.exists(key))) throw AppError.notFound(DataTexts.fileNotFound);
        return reply.code(304).header("ETag", etag).send();
      }
      const file = await storage.open(key);
      if (!file) throw AppError.notFound(DataTexts.fileNotFound);
      reply.header("ETag", etag);
      reply.header("Content-Type", DATA_FILE_TYPES[extension]);
      reply.header("Content-Length", String(file.size));
      reply.header("Content-Security-Policy", "default-src 'none'; sandbox");
      if (extension === "pdf") reply.header("Content-Disposition", "attachment");
      return reply.send(file.stream);
    },
  );

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
      const scope = await appScope(request, reply, request.params.collection);
      reply.header("Cache-Control", "no-store");
      if (scope.ruled) {
        return sendWritten(
          reply,
          await listRuledDocuments({ db, queries, scope, view, ...request.query }),
        );
      }
      // A page is written as JSON once, and remembered as those bytes (document-pages.ts).
      return sendWritten(reply, await listDocuments({ db, pages, scope, view, ...request.query }));
    },
  );

  r.post(
    `${DATA_API_PREFIX}/collections/:collection/documents`,
    {
      bodyLimit: limits.maxDocumentBytes * 2 + 1024,
      schema: {
        params: CollectionParamsSchema,
        querystring: NoQuerySchema,
        body: NewDocumentSchema,
        response: { 201: DocumentSchema },
      },
    },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      const document = await addDocument({ db, pages, limits, scope, data: request.body, view });
      return reply.code(201).send(document);
    },
  );

  r.get(
    `${DATA_API_PREFIX}/collections/:collection/documents/:id`,
    {
      schema: {
        params: DocumentParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: DocumentSchema },
      },
    },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      reply.header("Cache-Control", "no-store");
      const document = await getDocument({ db, scope, id: request.params.id, view });
      if (!document) throw AppError.notFound(DataTexts.notFound);
      return sendWritten(reply, document);
    },
  );

  r.delete(
    `${DATA_API_PREFIX}/collections/:collection/documents/:id`,
    {
      schema: {
        params: DocumentParamsSchema,
        querystring: WriteQuerySchema,
        response: { 200: DeletedResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      const { id } = request.params;
      const { ifVersion } = request.query;
      if (!(await deleteDocument({ db, pages, storage, scope, id, ifVersion }))) {
        throw AppError.notFound(DataTexts.notFound);
      }
      return { ok: true as const };
    },
  );

  // Writes (decision 037): update merges top-level fields (with operations), set replaces the
  // document; both keep its id, creation time and file, and answer the document as written.
  const writeSchema = {
    params: DocumentParamsSchema,
    querystring: WriteQuerySchema,
    body: DocumentUpdateSchema,
    response: { 200: DocumentSchema },
  };
  r.patch(
    `${DATA_API_PREFIX}/collections/:collection/documents/:id`,
    { bodyLimit: limits.maxDocumentBytes * 2 + 1024, schema: writeSchema },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      const { id } = request.params;
      const fields = request.body;
      return updateDocument({ db, pages, limits, scope, id, fields, view, ...request.query });
    },
  );
  r.put(
    `${DATA_API_PREFIX}/collections/:collection/documents/:id`,
    { bodyLimit: limits.maxDocumentBytes * 2 + 1024, schema: writeSchema },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      const { id } = request.params;
      const data = request.body;
      return replaceDocument({ db, pages, limits, scope, id, data, view, ...request.query });
    },
  );

  // The console's Database section: the owner, signed in, reads and deletes the project's
  // documents (another user's project answers 404).
  const ownerOf = async (request: FastifyRequest, projectId: string) => {
    const user = await requireUser(request);
    await requireOwnedProject(db, {
      userId: user.id,
      projectId,
      notFound: DataTexts.projectNotFound,
    });
    return ownerCaller(user.id, projectId);
  };
  /** The scope of an owner's request on one collection of their project (`:id`, `:collection`). */
  const ownerScope = async (request: FastifyRequest, params: { id: string; collection: string }) =>
    documentScope(await ownerOf(request, params.id), params.collection);
  r.get(
    "/api/projects/:id/data/collections",
    {
      schema: {
        params: ProjectDataParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: CollectionsResponseSchema },
      },
    },
    async (request) => {
      return listCollections({ db, caller: await ownerOf(request, request.params.id) });
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
    async (request, reply) => {
      const scope = await ownerScope(request, request.params);
      return sendWritten(reply, await listDocuments({ db, pages, scope, view, ...request.query }));
    },
  );
  r.delete(
    "/api/projects/:id/data/collections/:collection/documents/:documentId",
    {
      schema: {
        params: ProjectDocumentParamsSchema,
        querystring: WriteQuerySchema,
        response: { 200: DeletedResponseSchema },
      },
    },
    async (request) => {
      const scope = await ownerScope(request, request.params);
      const id = request.params.documentId;
      const { ifVersion } = request.query;
      if (!(await deleteDocument({ db, pages, storage, scope, id, ifVersion }))) {
        throw AppError.notFound(DataTexts.notFound);
      }
      return { ok: true as const };
    },
  );
  // The console's JSON editor: the owner updates or replaces a document, as the app would.
  const ownerWriteSchema = {
    params: ProjectDocumentParamsSchema,
    querystring: WriteQuerySchema,
    body: DocumentUpdateSchema,
    response: { 200: DocumentSchema },
  };
  r.patch(
    "/api/projects/:id/data/collections/:collection/documents/:documentId",
    { bodyLimit: limits.maxDocumentBytes * 2 + 1024, schema: ownerWriteSchema },
    async (request) => {
      const scope = await ownerScope(request, request.params);
      const { documentId: id } = request.params;
      const fields = request.body;
      return updateDocument({ db, pages, limits, scope, id, fields, view, ...request.query });
    },
  );
  r.put(
    "/api/projects/:id/data/collections/:collection/documents/:documentId",
    { bodyLimit: limits.maxDocumentBytes * 2 + 1024, schema: ownerWriteSchema },
    async (request) => {
      const scope = await ownerScope(request, request.params);
      const { documentId: id } = request.params;
      const data = request.body;
      return replaceDocument({ db, pages, limits, scope, id, data, view, ...request.query });
    },
  );

  // The console's "Add a document" and the editor's reload after a conflict: the owner adds and
  // reads a document as the app would (same limits, same answer).
  r.post(
    "/api/projects/:id/data/collections/:collection/documents",
    {
      bodyLimit: limits.maxDocumentBytes * 2 + 1024,
      schema: {
        params: ProjectCollectionParamsSchema,
        querystring: NoQuerySchema,
        body: NewDocumentSchema,
        response: { 201: DocumentSchema },
      },
    },
    async (request, reply) => {
      const scope = await ownerScope(request, request.params);
      const document = await addDocument({ db, pages, limits, scope, data: request.body, view });
      return reply.code(201).send(document);
    },
  );
  r.get(
    "/api/projects/:id/data/collections/:collection/documents/:documentId",
    {
      schema: {
        params: ProjectDocumentParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: DocumentSchema },
      },
    },
    async (request, reply) => {
      const scope = await ownerScope(request, request.params);
      reply.header("Cache-Control", "no-store");
      const document = await getDocument({ db, scope, id: request.params.documentId, view });
      if (!document) throw AppError.notFound(DataTexts.notFound);
      return sendWritten(reply, document);
    },
  );

  // Server-sent events of one collection: `ready` once every later change will arrive, then
  // document-added (the document), document-modified (the document) and document-deleted
  // ({ id }), each with its change's id. A client resuming after one (Last-Event-ID, or
  // ?lastEventId=) first gets what it missed, or `reset` past what the server keeps (decision
  // 039). With ?query= (JSON, the query route's body: its where), only the changes of the
  // documents it matches, and document-left ({ id }) for one written out of it. The stream ends
  // when the project's key stops being the one it was opened with;
  // reopened with it, it is refused.
  r.get(
    `${DATA_API_PREFIX}/collections/:collection/events`,
    { schema: { params: CollectionParamsSchema, querystring: DataEventsQuerySchema } },
    async (request, reply) => {
      const header = request.headers["last-event-id"];
      const lastEventId = typeof header === "string" && header !== "" ? header : undefined;
      if (lastEventId !== undefined && !CHANGE_ID.test(lastEventId)) {
        throw AppError.validation(DataStreamTexts.invalidLastEventId);
      }
      const after = lastEventId ?? request.query.lastEventId;
      const openedAfter = watcher.keyChanges;
      const caller = await callerOf(request, reply, request.query);
      const scope = await scopeOf(caller, request.params.collection);
      const feed = await watcher.follow(scope, after === undefined ? undefined : Number(after));
      if (request.raw.destroyed) {
        feed.close();
        return reply;
      }
      reply.raw.setHeader("Access-Control-Allow-Origin", "*");
      let forget = () => {};
      const stream = streamLiveEvents(request, reply, live, [], {
        readyId: feed.readyId,
        onClose: () => {
          feed.close();
          forget();
        },
      });
      // With ?query=, only the query's documents (a watch on a query): see watch-query.ts. A
      // live app's stream hears only what its list rule allows, tested the same way.
      const filter = request.query.query ?? (scope.ruled ? ALL_DOCUMENTS : undefined);
      feed.start(
        filter
          ? sendMatching({
              db,
              scope,
              filter,
              view,
              send: stream.send,
              fail: (error) => {
                request.log.warn({ err: error }, "testing a change against a query failed");
                reply.raw.end();
              },
            })
          : stream.send,
      );
      if (caller.kind === "app") {
        forget = watcher.keepStream(scope.projectId, {
          keyHash: caller.keyHash,
          openedAfter,
          end: () => reply.raw.end(),
        });
      } else if (caller.expiresAt !== null) {
        // A user's stream lasts as long as its access token: the app opens it again with a
        // fresh one (a disabled user cannot), resuming where it was.
        const expiry = setTimeout(
          () => reply.raw.end(),
          Math.max(0, caller.expiresAt - Date.now()),
        );
        forget = () => clearTimeout(expiry);
      }
      return reply;
    },
  );
  // Queries (decision 038): a filter, an order, a page; and the count of a filter. POST, as a
  // query is a JSON tree; the app's by its key, the console's by the owner's session.
  r.post(
    `${DATA_API_PREFIX}/collections/:collection/query`,
    {
      schema: {
        params: CollectionParamsSchema,
        querystring: NoQuerySchema,
        body: DocumentQuerySchema,
        response: { 200: DocumentsResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      reply.header("Cache-Control", "no-store");
      return sendWritten(
        reply,
        await queryDocuments({ db, queries, scope, query: request.body, view }),
      );
    },
  );
  r.post(
    `${DATA_API_PREFIX}/collections/:collection/count`,
    {
      schema: {
        params: CollectionParamsSchema,
        querystring: NoQuerySchema,
        body: DocumentQuerySchema,
        response: { 200: CountResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await appScope(request, reply, request.params.collection);
      reply.header("Cache-Control", "no-store");
      return countDocuments({ db, queries, pages, scope, query: request.body });
    },
  );
  r.post(
    "/api/projects/:id/data/collections/:collection/query",
    {
      schema: {
        params: ProjectCollectionParamsSchema,
        querystring: NoQuerySchema,
        body: DocumentQuerySchema,
        response: { 200: DocumentsResponseSchema },
      },
    },
    async (request, reply) => {
      const scope = await ownerScope(request, request.params);
      return sendWritten(
        reply,
        await queryDocuments({ db, queries, scope, query: request.body, view }),
      );
    },
  );
  r.post(
    "/api/projects/:id/data/collections/:collection/count",
    {
      schema: {
        params: ProjectCollectionParamsSchema,
        querystring: NoQuerySchema,
        body: DocumentQuerySchema,
        response: { 200: CountResponseSchema },
      },
    },
    async (request) => {
      const scope = await ownerScope(request, request.params);
      return countDocuments({ db, queries, pages, scope, query: request.body });
    },
  );

  // Indexes the owner declares on a collection (decision 041), built in the background.
  const database = { db, kind: app.deps.databaseKind };
  app.addHook("onReady", async () => {
    // Declarations a stopped server left building, and indexes whose declaration is gone.
    void reconcileCollectionIndexes({ database, log: app.log }).catch((error: unknown) =>
      app.log.warn({ err: error }, "declared indexes could not be reconciled"),
    );
  });
  r.get(
    "/api/projects/:id/data/indexes",
    {
      schema: {
        params: ProjectDataParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: CollectionIndexesResponseSchema },
      },
    },
    async (request) => {
      const { projectId } = await ownerOf(request, request.params.id);
      return { indexes: await listCollectionIndexes({ db, projectId }) };
    },
  );
  r.get(
    "/api/projects/:id/data/collections/:collection/indexes",
    {
      schema: {
        params: ProjectCollectionParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: CollectionIndexesResponseSchema },
      },
    },
    async (request) => {
      const { projectId, collection } = await ownerScope(request, request.params);
      return { indexes: await listCollectionIndexes({ db, projectId, collection }) };
    },
  );
  r.post(
    "/api/projects/:id/data/collections/:collection/indexes",
    {
      schema: {
        params: ProjectCollectionParamsSchema,
        querystring: NoQuerySchema,
        body: CollectionIndexInputSchema,
        response: { 202: CollectionIndexSchema },
      },
    },
    async (request, reply) => {
      const { projectId, collection } = await ownerScope(request, request.params);
      const { fields } = request.body;
      const { index, built } = await declareCollectionIndex({
        database,
        projectId,
        collection,
        fields,
        log: app.log,
      });
      void built;
      return reply.code(202).send(index);
    },
  );
  r.delete(
    "/api/projects/:id/data/collections/:collection/indexes/:indexId",
    {
      schema: {
        params: CollectionIndexParamsSchema,
        querystring: NoQuerySchema,
        response: { 200: DeletedResponseSchema },
      },
    },
    async (request) => {
      const { projectId, collection } = await ownerScope(request, request.params);
      const { indexId } = request.params;
      if (!(await deleteCollectionIndex({ database, projectId, collection, indexId }))) {
        throw AppError.notFound(IndexTexts.notFound);
      }
      return { ok: true as const };
    },
  );
}
