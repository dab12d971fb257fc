// The database API's names, shared by the server and the app SDK (@hybridge/app): no zod here,
// so the SDK stays small.

/** Where the database API lives on a Hybridge server. */
export const DATA_API_PATH = "/api/v1/db";
/** A collection's name: what the documents table's CHECK allows too. */
export const COLLECTION_NAME = /^[a-z0-9_-]{1,64}$/;
/** Fields the server sets on every document; a document to add or write may not carry them. */
export const RESERVED_FIELDS = ["id", "createdAt", "updatedAt", "version", "fileUrl"] as const;
/** The events of a collection's stream. */
export const DataEvents = {
  added: "document-added",
  modified: "document-modified",
  deleted: "document-deleted",
} as const;

/**
 * An operation in an update (decision 037): an object whose key `$op` names it, as a top-level
 * value of the update's JSON. Such an object is never stored.
 */
export const OPERATION_KEY = "$op";
export const DataOperations = ["delete", "increment", "arrayUnion", "arrayRemove"] as const;
export type DataOperation = (typeof DataOperations)[number];
/** The query parameter of a write that expects the document at this version (409 otherwise). */
export const IF_VERSION_PARAM = "ifVersion";

/**
 * A resumed stream could not replay what its client missed (older than the changes the server
 * keeps, decision 039): the client reads the collection again. Its id is where the stream goes on.
 */
export const DATA_RESET_EVENT = "reset";
/** The query parameter that resumes a stream after a change, as the Last-Event-ID header does. */
export const LAST_EVENT_ID_PARAM = "lastEventId";
/** A change's id as a stream sends it (`id:`) and takes it back (Last-Event-ID, lastEventId). */
export const CHANGE_ID = /^\d{1,15}$/;
