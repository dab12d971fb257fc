import { z } from "zod";
import { pageCursorField } from "../common/paging";
import { CHANGE_ID, COLLECTION_NAME } from "./protocol";
import { type Filter, parseDocumentQuery } from "./query";
import { DataStreamTexts, DataTexts } from "./texts";

export {
  COLLECTION_NAME,
  DATA_API_PATH,
  DataEvents,
  IF_VERSION_PARAM,
  RESERVED_FIELDS,
} from "./protocol";
export const DOCUMENTS_PAGE_SIZE = 100;
export const DOCUMENTS_MAX_PAGE_SIZE = 500;
export const DOCUMENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The multipart fields of "add with a file". */
export const DATA_FILE_FIELD = "file";
export const DATA_JSON_FIELD = "data";

export const CollectionParamsSchema = z.object({
  collection: z.string().regex(COLLECTION_NAME, DataTexts.invalidCollection),
});
/** A document id that is not one of ours is simply not found (404), like an unknown one. */
export const DocumentParamsSchema = CollectionParamsSchema.extend({ id: z.string() });

/**
 * A data route's query string: these parameters and no other. A parameter the route does not
 * read (`?where=…`, `?order=asc`) is refused, naming it, rather than answered as if it had not
 * been sent: the client would take an unfiltered page for a filtered one.
 */
export function strictQuery<T extends z.ZodRawShape>(shape: T) {
  const allowed = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === "unrecognized_keys" ? DataTexts.unknownQuery(issue.keys, allowed) : undefined,
  });
}

/** The query of a data route that takes no parameter. */
export const NoQuerySchema = strictQuery({});

/**
 * The query of a document's file (its fileUrl): `v`, read by no one. Web developers add
 * `?v=123` to an image's address to make browsers fetch it again; the file answers as without it
 * (its name is its version, decision 036). Any other parameter is refused like everywhere else.
 */
export const FileQuerySchema = strictQuery({
  v: z.string().max(200).optional().meta({
    description: "Ignored: a cache-buster a page may add (?v=123); the file is the same.",
  }),
});

export const DocumentsQuerySchema = strictQuery({
  limit: z.coerce.number().int().min(1).max(DOCUMENTS_MAX_PAGE_SIZE).optional(),
  /** A page's place (common/paging.ts): the last document's creation time and id. */
  cursor: pageCursorField(DataTexts.invalidCursor),
});

/** The largest version a document can reach (the column is a 32-bit integer). */
const MAX_VERSION = 2_147_483_647;

/**
 * The query of a write (update, set, delete): `ifVersion`, the version the client read, makes
 * the write happen only if the document is still at it (409 CONFLICT otherwise; decision 037).
 */
export const WriteQuerySchema = strictQuery({
  ifVersion: z.coerce
    .number({ error: DataTexts.invalidIfVersion })
    .int({ error: DataTexts.invalidIfVersion })
    .min(1, { error: DataTexts.invalidIfVersion })
    .max(MAX_VERSION, { error: DataTexts.invalidIfVersion })
    .optional(),
});
export type WriteQuery = z.infer<typeof WriteQuerySchema>;

/**
 * A document as the API answers it: its own fields, with the server's `id`, `createdAt` and
 * `updatedAt` (ISO 8601), `version` (1 at creation, one more per write) and, when a file was
 * added with it, `fileUrl`.
 */
export const DocumentSchema = z
  .object({
    id: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    version: z.number().int(),
    fileUrl: z.string().optional(),
  })
  .catchall(z.unknown());
export type DataDocument = z.infer<typeof DocumentSchema>;

export const DocumentsResponseSchema = z.object({
  documents: z.array(DocumentSchema),
  nextCursor: z.string().nullable(),
});
export type DocumentsResponse = z.infer<typeof DocumentsResponseSchema>;

/** The JSON body of "add": any object; the server checks its size and reserved fields. */
export const NewDocumentSchema = z.record(z.string(), z.unknown(), {
  error: DataTexts.notAnObject,
});

export const DeletedResponseSchema = z.object({ ok: z.literal(true) });

/** The console's Database section (the owner, signed in): a project's collections. */
export const CollectionSummarySchema = z.object({ name: z.string(), documents: z.number().int() });
export const CollectionsResponseSchema = z.object({
  collections: z.array(CollectionSummarySchema),
});
export type CollectionsResponse = z.infer<typeof CollectionsResponseSchema>;
export const ProjectDataParamsSchema = z.object({ id: z.string() });
export const ProjectCollectionParamsSchema = ProjectDataParamsSchema.extend({
  collection: z.string().regex(COLLECTION_NAME, DataTexts.invalidCollection),
});
export const ProjectDocumentParamsSchema = ProjectCollectionParamsSchema.extend({
  documentId: z.string(),
});

/**
 * The `data` field of "add with a file": the document, as JSON text, which the server's form
 * reader parses as it parses a JSON body (its depth, its characters); text that is not JSON
 * reaches this schema as it is and is refused.
 */
export const DocumentFormSchema = z.object({
  data: z.record(z.string(), z.unknown(), { error: DataTexts.dataField }),
});
/** A document's file, by the name its fileUrl ends with. */
export const DataFileParamsSchema = z.object({
  name: z
    .string()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|pdf)$/),
});

/**
 * A collection's event stream: the key (EventSource cannot send headers) and, for a client that
 * cannot send Last-Event-ID, the last change it saw (decision 039).
 */
export const DataEventsQuerySchema = strictQuery({
  /** The Test Mode key, or a live app's app key and its user's access token (decision 044). */
  key: z.string().optional(),
  app: z.string().max(90).optional(),
  token: z.string().max(4096).optional(),
  lastEventId: z.string().regex(CHANGE_ID, DataStreamTexts.invalidLastEventId).optional(),
  query: z
    .string()
    .transform((text, context): Filter | null => {
      let input: unknown;
      try {
        input = JSON.parse(text);
      } catch {
        context.addIssue({ code: "custom", message: DataStreamTexts.invalidQuery });
        return z.NEVER;
      }
      const read = parseDocumentQuery(input);
      if (read.issues) {
        for (const issue of read.issues) {
          context.addIssue({ code: "custom", message: DataStreamTexts.queryIssue(issue.message) });
        }
        return z.NEVER;
      }
      return read.query.filter ?? null;
    })
    .optional(),
});
