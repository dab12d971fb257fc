import { z } from "zod";
import { pageCursorField } from "../common/paging";
import { CHANGE_ID, COLLECTION_NAME } from "./protocol";
import { DataStreamTexts, DataTexts } from "./texts";

export { COLLECTION_NAME, DATA_API_PATH, DataEvents, RESERVED_FIELDS } from "./protocol";
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

export const DocumentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(DOCUMENTS_MAX_PAGE_SIZE).optional(),
  /** A page's place (common/paging.ts): the last document's creation time and id. */
  cursor: pageCursorField(DataTexts.invalidCursor),
});

/**
 * A document as the API answers it: its own fields, with the server's `id`, `createdAt` (ISO
 * 8601) and, when a file was added with it, `fileUrl`.
 */
export const DocumentSchema = z
  .object({ id: z.string(), createdAt: z.string(), fileUrl: z.string().optional() })
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
export const DataEventsQuerySchema = z.object({
  key: z.string().optional(),
  lastEventId: z.string().regex(CHANGE_ID, DataStreamTexts.invalidLastEventId).optional(),
});
