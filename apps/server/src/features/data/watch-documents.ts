import { DataEvents } from "@hybridge/shared/data/schemas";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { replacedKeys } from "../../platform/database-key";
import type { Database, Db } from "../../platform/db/client";
import { createListener } from "../../platform/db/listener";
import { documents } from "../../platform/db/schema";
import type { LiveHub } from "../../platform/live";
import { collectionChannel, collectionKey, type DocumentScope } from "./document-scope";
import { type DocumentView, documentColumns, toDocument } from "./documents";

/** The channel the documents table's trigger notifies (migration 0007). */
const DATA_CHANGES_CHANNEL = "data_changes";
/** `{op}:{project id}:{collection}:{document id}`; a project id never holds the collection's `:`. */
const CHANGE = /^(insert|update|delete):(.+):([a-z0-9_-]{1,64}):([0-9a-f-]{36})$/;

/** An open stream, the hash of the key it was opened with, and how to end it. */
type KeyedStream = { keyHash: string; end: () => void };

/**
 * Keeps the apps' collection streams and this process's remembered pages up to date. The
 * documents table's trigger notifies every document added, written or deleted, wherever it is
 * done, on DATA_CHANGES_CHANNEL: each one voids its collection's pages (`changed`). While a
 * stream watches that project's collection, an added or written document is read once (one
 * query, whatever the number of viewers) and sent whole; a deleted one is sent as its id; in
 * commit order.
 *
 * A stream lives only as long as the key it was opened with: when a project's key may have
 * changed (`keyChanged`, from the database_keys notification, wherever it was changed; or
 * `keysMissed` when such notifications may have been lost), the project's current key is read
 * and the streams opened with another one end. Their reconnection is then refused (401).
 */
export function createDocumentsWatcher(options: {
  db: Db;
  listen: Database["listen"];
  live: LiveHub;
  view: DocumentView;
  log: FastifyBaseLogger;
  /** A document of the collection (its scope's key, collectionKey) was added or deleted. */
  changed: (collection: string) => void;
  /** Changes may have been missed (the LISTEN was made again): forget what they keep fresh. */
  missed: () => void;
}) {
  const { db, listen, live, view, log } = options;
  const viewers = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();
  const keyedStreams = new Map<string, Set<KeyedStream>>();
  let keyChanges = 0;

  /** Ends the streams of these projects whose key is no longer the project's key. */
  async function endStale(projectIds: string[]) {
    const streams = projectIds.flatMap((projectId) =>
      [...(keyedStreams.get(projectId) ?? [])].map((stream) => ({ ...stream, projectId })),
    );
    for (const stream of await replacedKeys(db, streams)) stream.end();
  }
  const checkKeys = (projectIds: string[]) =>
    endStale(projectIds).catch((error) => {
      log.warn({ err: error }, "checking the keys of open streams failed");
    });

  async function forward(op: string, channel: string, id: string) {
    if (op === "delete") {
      live.publish(channel, { type: DataEvents.deleted, data: { id } });
      return;
    }
    const [row] = await db.select(documentColumns).from(documents).where(eq(documents.id, id));
    // Gone already: its delete notification follows and says so.
    const type = op === "update" ? DataEvents.modified : DataEvents.added;
    if (row) live.publish(channel, { type, data: toDocument(row, view) });
  }

  const listener = createListener({
    listen,
    channel: DATA_CHANGES_CHANNEL,
    onNotify: (payload) => {
      const match = CHANGE.exec(payload);
      if (!match) return;
      const [, op = "", projectId = "", collection = "", id = ""] = match;
      options.changed(collectionKey(projectId, collection));
      const channel = collectionChannel(projectId, collection);
      if (!viewers.get(channel)) return;
      queue = queue.then(() =>
        forward(op, channel, id).catch((error) => {
          log.warn({ err: error, documentId: id }, "forwarding a document change failed");
        }),
      );
    },
    onRelisten: options.missed,
    log,
  });

  return {
    /** Whether changes are heard: listens from the first call on (false while it cannot). */
    async heard(): Promise<boolean> {
      return (await listener.ready()) !== undefined;
    },
    /**
     * Counts a viewer of the scope's collection until the returned function is called. Resolves
     * once notifications are listened to: every change committed afterwards reaches the stream.
     */
    async watch(scope: DocumentScope): Promise<() => void> {
      const { channel } = scope;
      viewers.set(channel, (viewers.get(channel) ?? 0) + 1);
      let released = false;
      await listener.ready();
      return () => {
        if (released) return;
        released = true;
        const left = (viewers.get(channel) ?? 1) - 1;
        if (left > 0) viewers.set(channel, left);
        else viewers.delete(channel);
      };
    },
    /** How many key changes were heard: a stream opened across one checks its key again. */
    get keyChanges() {
      return keyChanges;
    },
    /**
     * Keeps an open stream of the project until the returned function is called; `end` is
     * called if the project's key stops being the one hashed as `keyHash`. `openedAfter` is
     * `keyChanges` from before the key was checked: if a change was heard since, the key is
     * checked again at once (the change may have been heard before the stream was kept here).
     */
    keepStream(projectId: string, stream: KeyedStream & { openedAfter: number }): () => void {
      const entry = { keyHash: stream.keyHash, end: stream.end };
      const streams = keyedStreams.get(projectId) ?? new Set();
      streams.add(entry);
      keyedStreams.set(projectId, streams);
      if (keyChanges !== stream.openedAfter) void checkKeys([projectId]);
      return () => {
        streams.delete(entry);
        if (streams.size === 0 && keyedStreams.get(projectId) === streams) {
          keyedStreams.delete(projectId);
        }
      };
    },
    /** The project's key may have changed (database_keys): its streams' keys are checked. */
    keyChanged(projectId: string): Promise<void> {
      keyChanges++;
      return checkKeys([projectId]);
    },
    /** Key changes may have been missed (the LISTEN was made again): every stream is checked. */
    keysMissed(): Promise<void> {
      keyChanges++;
      return checkKeys([...keyedStreams.keys()]);
    },
    async close() {
      viewers.clear();
      keyedStreams.clear();
      await listener.close();
      await queue;
    },
  };
}
