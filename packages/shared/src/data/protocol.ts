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
