import { and, eq, type SQL } from "drizzle-orm";
import type { AppCaller } from "../../platform/database-key";
import { documents } from "../../platform/db/schema";

/**
 * Who asks for a project's documents: an app, by the project's database key (requireProjectKey,
 * which yields the key's project and hash), or the project's owner in the console, once
 * requireOwnedProject said the project is theirs. Both reach every document of the project today.
 */
export type DataCaller =
  | ({ kind: "app" } & AppCaller)
  | { kind: "owner"; projectId: string; userId: string };

/** The caller of an app's request, its key checked. */
export const appCaller = (app: AppCaller): DataCaller => ({
  kind: "app",
  projectId: app.projectId,
  adminId: app.adminId,
  keyApp: app.keyApp,
  keyHash: app.keyHash,
});

/** The caller of the console's request, the project checked as the user's. */
export const ownerCaller = (userId: string, projectId: string): DataCaller => ({
  kind: "owner",
  projectId,
  userId,
});

/** A collection's key in the page cache (document-pages.ts): its pages are voided by it. */
export const collectionKey = (projectId: string, collection: string) =>
  `${projectId}\n${collection}`;

/** The live hub's channel of a collection's changes (watch-documents.ts publishes on it). */
export const collectionChannel = (projectId: string, collection: string) =>
  `data:${projectId}:${collection}`;

/**
 * The documents a query may touch: one collection of the caller's project. Every read, write
 * and delete of documents (documents.ts, document-files.ts), the page cache and the live stream
 * take their rows, key and channel from a scope, and both callers get one from documentScope.
 *
 * This is where the next issues plug in: a filter or an app user's access rules narrow `where`
 * (and, when two callers may then see different pages of one collection, the page key the
 * cache is asked with); the collection's key and channel stay the collection's, since any
 * change in it concerns every caller.
 */
export class DocumentScope {
  readonly caller: DataCaller;
  readonly projectId: string;
  readonly collection: string;
  /** The collection's key in the page cache (collectionKey). */
  readonly key: string;

  constructor(caller: DataCaller, collection: string) {
    this.caller = caller;
    this.projectId = caller.projectId;
    this.collection = collection;
    this.key = collectionKey(caller.projectId, collection);
  }

  /** The collection's live channel (collectionChannel). */
  get channel(): string {
    return collectionChannel(this.projectId, this.collection);
  }

  /** The documents in scope, as an SQL condition on the documents table. */
  where(): SQL {
    return and(callerDocuments(this.caller), eq(documents.collection, this.collection)) as SQL;
  }
}

/** The scope of a caller's request on one collection. */
export const documentScope = (caller: DataCaller, collection: string) =>
  new DocumentScope(caller, collection);

/** Every document the caller may reach, all collections (the console's list of collections). */
export const callerDocuments = (caller: DataCaller): SQL =>
  eq(documents.projectId, caller.projectId);
