// The database API's names, shared by the server and the app SDK (@hybridge/app): no zod here,
// so the SDK stays small.

/** Where the database API lives on a Hybridge server. */
export const DATA_API_PATH = "/api/v1/db";
/** A collection's name: what the documents table's CHECK allows too. */
export const COLLECTION_NAME = /^[a-z0-9_-]{1,64}$/;
/** Fields the server sets on every document; a document to add may not carry them. */
export const RESERVED_FIELDS = ["id", "createdAt", "fileUrl"] as const;
/** The events of a collection's stream. */
export const DataEvents = { added: "document-added", deleted: "document-deleted" } as const;

/**
 * A document of a collection was replaced or updated: the stream sends it whole, like an
 * addition.
 */
export const DATA_MODIFIED_EVENT = "document-modified";
/**
 * A resumed stream could not replay what its client missed (older than the changes the server
 * keeps, decision 039): the client reads the collection again. Its id is where the stream goes on.
 */
export const DATA_RESET_EVENT = "reset";
/** The query parameter that resumes a stream after a change, as the Last-Event-ID header does. */
export const LAST_EVENT_ID_PARAM = "lastEventId";
/** A change's id as a stream sends it (`id:`) and takes it back (Last-Event-ID, lastEventId). */
export const CHANGE_ID = /^\d{1,15}$/;
