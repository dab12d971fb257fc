import {
  COLLECTION_NAME,
  DATA_API_PATH,
  DATA_LEFT_EVENT,
  DATA_RESET_EVENT,
  DataEvents,
  IF_VERSION_PARAM,
  LAST_EVENT_ID_PARAM,
  OPERATION_KEY,
  STREAM_QUERY_PARAM,
} from "@hybridge/shared/data/protocol";
import { SdkTexts } from "@hybridge/shared/data/texts";
import { settings } from "./config";
import { type Access, access, accessNow, followAccess, send } from "./credentials";
import { HybridgeError } from "./errors";
import { type DocumentQueryInput, Query } from "./query";

/**
 * A stored document: its own fields, with the server's id, creation and last write dates (ISO
 * 8601) and version (1 at creation, one more per write: what `ifVersion` compares with).
 */
export type HybridgeDocument = {
  id: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  [field: string]: unknown;
};
/** A document whose fields you describe: `db.getDocs<{ item: string }>("orders")`. */
type Fields = Record<string, unknown>;
/** The part of EventSource the SDK uses: every browser and the app's WebView have it. */
type EventSourceLike = {
  addEventListener: (type: string, listener: (event: StreamEvent) => void) => void;
  close: () => void;
  readyState: number;
};
/** EventSource.CLOSED: the browser stopped reconnecting by itself. */
const EVENT_SOURCE_CLOSED = 2;
/** db.watch's first wait before it opens a refused stream anew, and its longest. */
export const WATCH_RETRY_MS = 2_000;
export const WATCH_RETRY_MAX_MS = 60_000;
type EventSourceClass = new (url: string) => EventSourceLike;
/** A server-sent event: its data, and the id of the change it carries (decision 039). */
type StreamEvent = { data: string; lastEventId?: string };
/** How many documents a reset reads again: the most one page of getDocs holds. */
const RESET_READ_LIMIT = 500;

// The entry without navigation and device features (Node, tests): the data and who calls it.
export { type AuthCredentials, auth, type HybridgeUser } from "./auth";
export { configure, type HybridgeConfig } from "./config";
export { HybridgeError } from "./errors";

export type DocumentChange =
  | { type: "added"; document: HybridgeDocument }
  | { type: "modified"; document: HybridgeDocument }
  | { type: "deleted"; id: string }
  /**
   * The server could not replay every change missed while the stream was cut off (away longer
   * than it keeps them): `documents` is the collection as it is now, newest first (at most 500).
   * Replace what you hold with them; the changes that follow apply on top (one may repeat a
   * document already in `documents`: apply changes by id).
   */
  | { type: "reset"; documents: HybridgeDocument[] };

/**
 * A value of db.update that the server computes from the stored one (db.deleteField,
 * db.increment, db.arrayUnion, db.arrayRemove): concurrent writers never lose one another's.
 */
export type FieldOperation =
  | { readonly $op: "delete" }
  | { readonly $op: "increment"; readonly by: number }
  | { readonly $op: "arrayUnion" | "arrayRemove"; readonly values: unknown[] };

/** The fields of db.update: any of the document's, each a value or a FieldOperation. */
export type UpdateFields<T extends Fields = Fields> = {
  [K in keyof T]?: T[K] | FieldOperation;
} & Fields;

/**
 * A write that expects the document at a version: `{ ifVersion: doc.version }` fails with
 * CONFLICT (status 409) if someone wrote it since it was read, and changes nothing.
 */
export type WriteOptions = { ifVersion?: number };

/** The path of one document, with its expected version if any. */
function documentPath(collection: string, id: string, options: WriteOptions = {}) {
  const query =
    options.ifVersion === undefined
      ? ""
      : `?${IF_VERSION_PARAM}=${encodeURIComponent(options.ifVersion)}`;
  return `${collectionPath(collection)}/documents/${encodeURIComponent(id)}${query}`;
}

/**
 * What db.query(…).watch adds to db.watch: the stream's query (its where, tested by the server
 * against every change) and how to read the query's documents (at the start, and after a reset).
 */
export type StreamQuery = {
  where: DocumentQueryInput["where"];
  read: () => Promise<HybridgeDocument[]>;
};

/** What db.watch tells besides the changes. */
export type WatchOptions = {
  /**
   * The watch stopped for good: the server refuses the key (UNAUTHENTICATED, status 401: it was
   * regenerated in the project's settings, or is wrong; with the app key, the user's token is
   * refused even once renewed). Without it, the error is written to the console.
   */
  onError?: (error: HybridgeError) => void;
};

function collectionPath(collection: string) {
  if (!COLLECTION_NAME.test(collection)) {
    throw new HybridgeError("VALIDATION", SdkTexts.invalidCollection(collection));
  }
  return `${DATA_API_PATH}/collections/${collection}`;
}

/** Every call of db.* and its queries: with the credentials of the moment (credentials.ts). */
const call = send;

export const db = {
  /** Stores a new document in a collection (created on first use); returns its id. */
  async add(collection: string, data: Record<string, unknown>): Promise<string> {
    const added = await call<HybridgeDocument>(
      "POST",
      `${collectionPath(collection)}/documents`,
      data,
    );
    return added.id;
  },

  /**
   * Uploads a file (an image or a PDF: a File from device.openGallery or an <input>, or any
   * Blob) and stores the document with the file's address in its `fileUrl` field; returns its
   * id. Images are stored re-encoded, without their metadata.
   */
  async addWithFile(
    collection: string,
    data: Record<string, unknown>,
    file: Blob,
  ): Promise<string> {
    const form = new FormData();
    form.append("data", JSON.stringify(data));
    form.append("file", file, (file as { name?: string }).name ?? "file");
    const added = await call<HybridgeDocument>(
      "POST",
      `${collectionPath(collection)}/documents/file`,
      form,
    );
    return added.id;
  },

  /** The documents of a collection, newest first (`limit`: 100 by default, 500 at most). */
  async getDocs<T extends Fields = Fields>(
    collection: string,
    options: { limit?: number } = {},
  ): Promise<Array<HybridgeDocument & T>> {
    const query = options.limit === undefined ? "" : `?limit=${encodeURIComponent(options.limit)}`;
    const page = await call<{ documents: Array<HybridgeDocument & T> }>(
      "GET",
      `${collectionPath(collection)}/documents${query}`,
    );
    return page.documents;
  },

  /** One document by its id, or null when it does not exist. */
  async getDoc<T extends Fields = Fields>(
    collection: string,
    id: string,
  ): Promise<(HybridgeDocument & T) | null> {
    try {
      return await call<HybridgeDocument & T>(
        "GET",
        `${collectionPath(collection)}/documents/${encodeURIComponent(id)}`,
      );
    } catch (error) {
      if (error instanceof HybridgeError && error.status === 404) return null;
      throw error;
    }
  },

  /**
   * A query on a collection, sent by its `get()`, `page()` or `count()`:
   * `db.query<Order>("orders").where("status", "==", "open").orderBy("total").limit(20).get()`.
   */
  query<T extends Fields = Fields>(collection: string): Query<T> {
    const path = collectionPath(collection);
    return new Query<T>(
      (route, body) => call("POST", `${path}/${route}`, body),
      {},
      (callback, options, stream) => db.watch(collection, callback, options, stream),
    );
  },

  /**
   * Deletes one document by its id (NOT_FOUND when there is none). With `{ ifVersion }`, only
   * if it is still at that version (CONFLICT otherwise).
   */
  async delete(collection: string, id: string, options?: WriteOptions): Promise<void> {
    await call("DELETE", documentPath(collection, id, options));
  },

  /**
   * Changes some top-level fields of a document and answers it as written: others are kept, a
   * field set to `null` stays null, an object replaces the stored one whole, and operations
   * (db.deleteField(), db.increment(n), db.arrayUnion(...), db.arrayRemove(...)) are applied
   * by the server to the stored value. Fails with NOT_FOUND when there is no such document (it
   * is not created), CONFLICT when `options.ifVersion` is not its version.
   */
  async update<T extends Fields = Fields>(
    collection: string,
    id: string,
    fields: UpdateFields<T>,
    options?: WriteOptions,
  ): Promise<HybridgeDocument & T> {
    return call("PATCH", documentPath(collection, id, options), fields);
  },

  /**
   * Replaces a document's fields with `data`, keeping its id, creation date and file; answers
   * it as written. NOT_FOUND and CONFLICT as for db.update.
   */
  async set<T extends Fields = Fields>(
    collection: string,
    id: string,
    data: T,
    options?: WriteOptions,
  ): Promise<HybridgeDocument & T> {
    return call("PUT", documentPath(collection, id, options), data);
  },

  /** In db.update: removes the field. */
  deleteField(): FieldOperation {
    return { [OPERATION_KEY]: "delete" };
  },

  /** In db.update: adds `n` to the stored number (a missing or non-number field counts as 0). */
  increment(n: number): FieldOperation {
    return { [OPERATION_KEY]: "increment", by: n };
  },

  /**
   * In db.update: appends those of `values` the stored array lacks (equal as JSON), each once;
   * a missing or non-array field becomes an array first.
   */
  arrayUnion(...values: unknown[]): FieldOperation {
    return { [OPERATION_KEY]: "arrayUnion", values };
  },

  /** In db.update: removes every element equal (as JSON) to one of `values`. */
  arrayRemove(...values: unknown[]): FieldOperation {
    return { [OPERATION_KEY]: "arrayRemove", values };
  },

  /**
   * Calls `callback` with every document added to, modified in or deleted from the collection
   * from now on, from this phone or any other, in the order they were committed; returns the
   * function that stops watching. The browser reconnects by itself after a network loss; when a
   * reconnection is refused (a server restarting behind its load balancer answers 502 or 503,
   * which ends the browser's own retries), the stream is opened anew after WATCH_RETRY_MS, then
   * twice as long each time it fails again (at most WATCH_RETRY_MAX_MS), until it stays open.
   * Either way it resumes after the last change it delivered: the changes made meanwhile come
   * first, each once. Away longer than the server keeps changes (10 minutes, or more than 1,000
   * of them), the watch reads the collection again by itself and calls back with
   * `{ type: "reset", documents }` (decision 039). A refusal of the key itself (the key was
   * regenerated: the server then ends its streams) stops the watch and calls `options.onError`:
   * retrying with the same key could never succeed. With the app key, the stream carries the
   * signed-in user's token: it is reopened with a renewed one before it expires (resuming as
   * above), and when the user signs in or out (here or in another tab) it is reopened as the new
   * caller and calls back with `{ type: "reset", documents }`: the rules may show them others.
   */
  watch(
    collection: string,
    callback: (change: DocumentChange) => void,
    options: WatchOptions = {},
    /** db.query(…).watch's: only the query's documents (its own, not for apps to pass). */
    query?: StreamQuery,
  ): () => void {
    // NOT_CONFIGURED now, rather than when the stream opens.
    settings();
    const EventSource = (globalThis as { EventSource?: EventSourceClass }).EventSource;
    if (!EventSource) {
      throw new HybridgeError("UNSUPPORTED", SdkTexts.noEventSource);
    }
    const path = collectionPath(collection);
    const streamQuery = query?.where
      ? `&${STREAM_QUERY_PARAM}=${encodeURIComponent(JSON.stringify({ where: query.where }))}`
      : "";
    let source: EventSourceLike | undefined;
    let unfollow = () => {};
    /** Counts the openings: a stream whose credentials came late opens only if still the last. */
    let openings = 0;
    let stopped = false;
    let delay = WATCH_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** The id of the last change delivered: a stream opened anew resumes after it. */
    let lastId = "";
    /** The events that arrived while a reset reads the collection again, in order. */
    let held: Array<[string, StreamEvent]> | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      unfollow();
      source?.close();
    };
    const fail = (refusal: HybridgeError) => {
      stop();
      if (options.onError) options.onError(refusal);
      else console.error(refusal);
    };
    const changeOf = (type: string, event: StreamEvent): DocumentChange | undefined => {
      if (type === DataEvents.added) return { type: "added", document: JSON.parse(event.data) };
      if (type === DataEvents.modified) {
        return { type: "modified", document: JSON.parse(event.data) };
      }
      if (type === DataEvents.deleted) return { type: "deleted", id: JSON.parse(event.data).id };
      // Written out of the stream's query: gone from it, as a deletion is.
      if (type === DATA_LEFT_EVENT) return { type: "deleted", id: JSON.parse(event.data).id };
      return undefined;
    };
    /** Reads the collection again (retrying as a refused stream does), then calls back. */
    const reset = async (event: StreamEvent) => {
      held = [];
      let wait = WATCH_RETRY_MS;
      let documents: HybridgeDocument[] | undefined;
      while (!stopped && !documents) {
        try {
          documents = query
            ? await query.read()
            : await db.getDocs(collection, { limit: RESET_READ_LIMIT });
        } catch (error) {
          if (error instanceof HybridgeError && refused(error)) return fail(error);
          await new Promise((resolve) => setTimeout(resolve, wait));
          wait = Math.min(wait * 2, WATCH_RETRY_MAX_MS);
        }
      }
      if (stopped || !documents) return;
      if (event.lastEventId) lastId = event.lastEventId;
      callback({ type: "reset", documents });
      const rest = held;
      held = undefined;
      for (const [type, later] of rest) handle(type, later);
    };
    const handle = (type: string, event: StreamEvent) => {
      if (stopped) return;
      if (held) {
        held.push([type, event]);
        return;
      }
      if (type === DATA_RESET_EVENT) {
        void reset(event);
        return;
      }
      const change = changeOf(type, event);
      if (!change) return;
      if (event.lastEventId) lastId = event.lastEventId;
      callback(change);
    };
    /** EventSource does not say why it was refused: the same key on a plain request tells. */
    /** What no retry mends: the key (401), or a query the server refuses (400). */
    const refused = (error: HybridgeError) =>
      error.status === 401 || (query !== undefined && error.status === 400);
    const keyRefusal = async (): Promise<HybridgeError | null> => {
      try {
        if (query) await query.read();
        else await call("GET", `${path}/documents?limit=1`);
        return null;
      } catch (error) {
        return error instanceof HybridgeError && refused(error) ? error : null;
      }
    };
    /**
     * Opens the stream with the credentials of the moment (in its address: EventSource cannot
     * set headers), the user's access token renewed first when it is about to expire.
     */
    const open = () => {
      clearTimeout(timer);
      const opening = ++openings;
      const ready = accessNow();
      if (ready) {
        openWith(ready);
        return;
      }
      access().then(
        (fresh) => {
          if (!stopped && opening === openings) openWith(fresh);
        },
        () => {
          // Unreachable: tried again as a refused stream is. (A refused session was forgotten,
          // which opened the stream anew, signed out.)
          if (stopped || opening !== openings) return;
          timer = setTimeout(open, delay);
          delay = Math.min(delay * 2, WATCH_RETRY_MAX_MS);
        },
      );
    };
    const openWith = (credentials: Access) => {
      source?.close();
      // EventSource sends Last-Event-ID when it reconnects by itself; a stream opened anew here
      // cannot set headers, so it says where it was in the address.
      const resume = lastId ? `&${LAST_EVENT_ID_PARAM}=${encodeURIComponent(lastId)}` : "";
      const opened = new EventSource(
        `${credentials.server}${path}/events?${credentials.streamParams}${streamQuery}${resume}`,
      );
      source = opened;
      // Sent first on every stream: it is open (its id is where the stream stands).
      opened.addEventListener("ready", (event) => {
        delay = WATCH_RETRY_MS;
        // A query's watch starts with the query's documents, read once the stream is open.
        if (query && !held && !lastId) handle(DATA_RESET_EVENT, event);
        else if (!held && event.lastEventId && !lastId) lastId = event.lastEventId;
      });
      for (const type of [
        DataEvents.added,
        DataEvents.modified,
        DataEvents.deleted,
        DATA_LEFT_EVENT,
      ]) {
        opened.addEventListener(type, (event) => handle(type, event));
      }
      opened.addEventListener(DATA_RESET_EVENT, (event) => handle(DATA_RESET_EVENT, event));
      let reopening = false;
      opened.addEventListener("error", () => {
        // CLOSED: the browser gave up (a refused reconnection); CONNECTING: it retries itself.
        // Looked at once the error is told: Node's EventSource closes just after telling it
        // that a server could not be reached.
        queueMicrotask(() => {
          // Once per stream: Node's tells the same failure twice.
          if (stopped || reopening || opened !== source) return;
          if (opened.readyState !== EVENT_SOURCE_CLOSED) return;
          reopening = true;
          void keyRefusal().then((refusal) => {
            // Reopened meanwhile: the check renewed the user's token, or they signed in or out.
            if (stopped || opened !== source) return;
            if (refusal) {
              fail(refusal);
              return;
            }
            timer = setTimeout(open, delay);
            delay = Math.min(delay * 2, WATCH_RETRY_MAX_MS);
          });
        });
      });
    };
    // Another user, or none: the stream reopens with the new credentials, and what it holds is
    // read again (the rules may show them other documents); a renewed token only reopens it.
    unfollow = followAccess(({ userChanged }) => {
      if (stopped) return;
      delay = WATCH_RETRY_MS;
      if (userChanged) lastId = "";
      open();
      if (userChanged) handle(DATA_RESET_EVENT, { data: "" });
    });
    open();
    return stop;
  },
};
