import { setTimeout as delay } from "node:timers/promises";
import { DATA_RESET_EVENT, DataEvents } from "@hybridge/shared/data/protocol";
import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { replacedKeys } from "../../platform/database-key";
import type { Database, Db } from "../../platform/db/client";
import { documentChanges, documentChangesPruned, documents } from "../../platform/db/schema";
import type { LiveEvent, LiveHub } from "../../platform/live";
import { createChangeFeed, type DocumentChange, type Watched } from "./change-feed";
import { collectionChannel, collectionKey, type DocumentScope } from "./document-scope";
import {
  type DocumentView,
  documentColumns,
  type RawResult,
  rowsOf,
  toDocument,
} from "./documents";

/**
 * How long the changes are kept for streams to resume (decision 039): a client away longer is
 * sent `reset` and reads its collection again.
 */
export const CHANGES_KEPT_MS = 10 * 60_000;
/** The most changes a resumed stream replays; more, and reading the collection again is cheaper. */
export const MAX_REPLAYED_CHANGES = 1000;
/** How often each server prunes the changes older than CHANGES_KEPT_MS. */
const PRUNE_EVERY_MS = 60_000;
/**
 * The most change ids one pruning statement deletes, and the pause before the next: a minute of
 * busy writes (140,000 changes) deleted in one statement held a core for 320 ms and wrote 35 MB of
 * WAL at one commit, and the writes of that moment waited behind it (decision 069).
 */
export const PRUNE_STEP_IDS = 2_000;
const PRUNE_PAUSE_MS = 5;
/**
 * How long a resumed stream waits for this server to have read up to the client's id (given by
 * another server a moment ahead) before the id counts as one this database never had.
 */
const CATCH_UP_MS = 3_000;

/** The event a change is sent as: a document added or modified (whole), or deleted ({ id }). */
const EVENT_OF_OP: Record<string, string> = {
  insert: DataEvents.added,
  update: DataEvents.modified,
  delete: DataEvents.deleted,
};

const channelOf = (change: DocumentChange) =>
  collectionChannel(change.projectId, change.collection);

/** An open stream, the hash of the key it was opened with, and how to end it. */
type KeyedStream = { keyHash: string; end: () => void };

/**
 * Keeps the apps' collection streams and this process's remembered pages up to date. The change
 * feed (change-feed.ts, decision 041) reads every document added, written or deleted, wherever it
 * was done, from the log, in id order: each one voids its collection's pages (`changed`). While a
 * stream watches that project's collection, the added or written documents of a batch are read
 * in one query (whatever the number of viewers) and sent whole; a deleted one is sent as its id.
 *
 * A stream lives only as long as the key it was opened with: when a project's key may have
 * changed (`keyChanged`, from the database_keys notification, wherever it was changed; or
 * `keysMissed` when such notifications may have been lost), the project's current key is read
 * and the streams opened with another one end. Their reconnection is then refused (401).
 */
export function createDocumentsWatcher(options: {
  db: Db;
  listen: Database["listen"];
  /** Whether other servers may share the database (PostgreSQL). */
  shared: boolean;
  live: LiveHub;
  view: DocumentView;
  log: FastifyBaseLogger;
  /** A document of the collection (its scope's key, collectionKey) was added or deleted. */
  changed: (collection: string) => void;
  /** Changes may have been missed: forget what they keep fresh. */
  missed: () => void;
}) {
  const { db, live, view, log } = options;
  const viewers = new Map<string, number>();
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

  /** The collections with viewers, as the feed asks for them (rebuilt when they change). */
  const scopes = new Map<string, { projectId: string; collection: string }>();
  let watched: Watched | undefined;
  const watchedNow = (): Watched =>
    (watched ??= {
      projects: [...scopes.values()].map((scope) => scope.projectId),
      collections: [...scopes.values()].map((scope) => scope.collection),
    });

  /** Voids the change's collection's pages and, if it has viewers, sends them the change. */
  function deliver(change: DocumentChange) {
    options.changed(collectionKey(change.projectId, change.collection));
    const channel = channelOf(change);
    if (!viewers.get(channel)) return;
    const type = EVENT_OF_OP[change.op] ?? DataEvents.added;
    const id = String(change.id);
    if (change.op === "delete") {
      live.publish(channel, { type, id, data: { id: change.documentId } });
      return;
    }
    // Gone already (its deletion follows and says so), or read before this viewer came (the
    // viewer's stream starts after this change, from the log: CollectionFeed).
    if (change.document)
      live.publish(channel, { type, id, data: toDocument(change.document, view) });
  }

  const feed = createChangeFeed({
    db,
    listen: options.listen,
    shared: options.shared,
    log,
    watched: watchedNow,
    deliver,
    missed: options.missed,
    replaced: () => {
      options.missed();
      // The streams' ids belong to the database that was: each ends, and its client, back with
      // an id this one never had, is sent `reset`.
      for (const streams of keyedStreams.values()) for (const stream of streams) stream.end();
    },
  });

  // Every server prunes (each DELETE takes its own rows: several servers do not clash). A run
  // that has not ended by the next minute (a long log, in steps) is not started twice; closing
  // stops it between two steps.
  let pruning: Promise<void> | undefined;
  const stopPruning = new AbortController();
  const pruneTimer = setInterval(() => {
    if (pruning) return;
    pruning = pruneDocumentChanges({ db, keptMs: CHANGES_KEPT_MS, signal: stopPruning.signal })
      .then(
        () => {},
        (error) => log.warn({ err: error }, "pruning the document changes failed"),
      )
      .finally(() => {
        pruning = undefined;
      });
  }, PRUNE_EVERY_MS);
  pruneTimer.unref();

  /** Counts a viewer of the scope's collection until the returned function is called. */
  async function watch(scope: DocumentScope): Promise<() => void> {
    const { channel } = scope;
    viewers.set(channel, (viewers.get(channel) ?? 0) + 1);
    if (!scopes.has(channel)) {
      scopes.set(channel, { projectId: scope.projectId, collection: scope.collection });
      watched = undefined;
    }
    let released = false;
    await feed.start();
    return () => {
      if (released) return;
      released = true;
      const left = (viewers.get(channel) ?? 1) - 1;
      if (left > 0) viewers.set(channel, left);
      else {
        viewers.delete(channel);
        scopes.delete(channel);
        watched = undefined;
      }
    };
  }

  return {
    /**
     * Whether every server's changes are heard at once: the feed runs from the first call on, and
     * other servers' wake-ups are listened to (false while they cannot be).
     */
    heard(): Promise<boolean> {
      return feed.start();
    },
    /**
     * A write of this server committed (with its change when known): the feed reads it or sends
     * it at once, and the other servers are woken.
     */
    wrote(change?: DocumentChange) {
      feed.wrote(change);
    },
    /**
     * Counts a viewer of the scope's collection until the returned function is called. Resolves
     * once notifications are listened to: every change committed afterwards reaches the stream.
     */
    watch,
    /**
     * The changes of the scope's collection for one stream, without gap or duplicate: those after
     * change `after` (the client's Last-Event-ID) replayed from the log, then the live ones; or,
     * when the log no longer holds them all, a `reset` (decision 039). Listens and subscribes
     * first, reads the log, then `start(send)` sends the replay and what arrived meanwhile,
     * skipping every change at or below the last one sent. A filter of the stream's own (a
     * query's watch) wraps `send`: it sees every change once, in commit order.
     */
    async follow(scope: DocumentScope, after: number | undefined): Promise<CollectionFeed> {
      const release = await watch(scope);
      const buffer: LiveEvent[] = [];
      let send: ((event: LiveEvent) => void) | undefined;
      let last = 0;
      let closed = false;
      const deliver = (event: LiveEvent) => {
        const id = Number(event.id);
        if (closed || !send || id <= last) return;
        last = id;
        send(event);
      };
      const unsubscribe = live.subscribe(scope.channel, (event) => {
        if (send) deliver(event);
        else if (!closed) buffer.push(event);
      });
      const close = () => {
        closed = true;
        buffer.length = 0;
        unsubscribe();
        release();
      };
      let first: StreamStart;
      try {
        // What was committed before the stream opened is replayed, not sent live.
        await feed.fresh();
        // An id a moment ahead of this server (another server gave it): wait to have read it. An
        // id never given is not waited for.
        if (after !== undefined && after > feed.frontier && after <= feed.sequence) {
          await feed.reach(after, CATCH_UP_MS);
        }
        // Every change up to `head` has been published (since the subscription, held here; those
        // read before this viewer counted without their documents): the log gives those after
        // the client's, the subscription every later one, read since it counted.
        const head = feed.frontier;
        first = await readStreamStart({ db, scope, after, head, view });
      } catch (error) {
        close();
        throw error;
      }
      return {
        readyId: String(after ?? first.head),
        start(sender) {
          send = sender;
          if (first.reset) {
            last = first.head;
            sender({ type: DATA_RESET_EVENT, id: String(first.head) });
          } else {
            last = after ?? first.head;
            for (const event of first.replay) deliver(event);
          }
          for (const event of buffer.splice(0)) deliver(event);
        },
        close,
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
      clearInterval(pruneTimer);
      stopPruning.abort();
      await pruning;
      viewers.clear();
      keyedStreams.clear();
      await feed.close();
    },
  };
}

/** A stream's changes of one collection (the watcher's `follow`). */
export type CollectionFeed = {
  /** The id `ready` carries: where the client resumes if it is cut off before any change. */
  readyId: string;
  /** Sends the replay (or `reset`), then every later change, through `send`. */
  start: (send: (event: LiveEvent) => void) => void;
  /** Stops (the stream ended): idempotent. */
  close: () => void;
};

/**
 * What a stream starts from. `head` is the feed's frontier when it was read (every later change
 * is heard live); `replay` the collection's changes after the client's up to it, as events;
 * `reset` when they cannot all be replayed: some were pruned (the client's id is below the
 * collection's pruned mark), there are more than MAX_REPLAYED_CHANGES, or the id is one this
 * database never had.
 */
type StreamStart = { head: number; reset: boolean; replay: LiveEvent[] };

async function readStreamStart(options: {
  db: Db;
  scope: DocumentScope;
  after: number | undefined;
  head: number;
  view: DocumentView;
}): Promise<StreamStart> {
  const { db, scope, after, head, view } = options;
  if (after === undefined) return { head, reset: false, replay: [] };
  if (after > head) return { head, reset: true, replay: [] };
  const [mark] = await db
    .select({ id: documentChangesPruned.id })
    .from(documentChangesPruned)
    .where(
      and(
        eq(documentChangesPruned.projectId, scope.projectId),
        eq(documentChangesPruned.collection, scope.collection),
      ),
    );
  if (after < Number(mark?.id ?? 0)) return { head, reset: true, replay: [] };
  // The documents as they are now, in the same query: a document deleted since is skipped (its
  // deletion is among the changes), as the live path does.
  const rows = await db
    .select({
      changeId: documentChanges.id,
      op: documentChanges.op,
      documentId: documentChanges.documentId,
      document: documentColumns,
    })
    .from(documentChanges)
    .leftJoin(
      documents,
      and(eq(documents.id, documentChanges.documentId), eq(documents.projectId, scope.projectId)),
    )
    .where(
      and(
        eq(documentChanges.projectId, scope.projectId),
        eq(documentChanges.collection, scope.collection),
        gt(documentChanges.id, after),
        lte(documentChanges.id, head),
      ),
    )
    .orderBy(asc(documentChanges.id))
    .limit(MAX_REPLAYED_CHANGES + 1);
  if (rows.length > MAX_REPLAYED_CHANGES) return { head, reset: true, replay: [] };
  const replay: LiveEvent[] = [];
  for (const row of rows) {
    const type = EVENT_OF_OP[row.op] ?? DataEvents.added;
    const id = String(row.changeId);
    if (row.op === "delete") replay.push({ type, id, data: { id: row.documentId } });
    else if (row.document) replay.push({ type, id, data: toDocument(row.document, view) });
  }
  return { head, reset: false, replay };
}

/**
 * Forgets the changes older than `keptMs`, and marks each collection's highest forgotten id: a
 * stream resuming below it is sent `reset` (decision 039). The mark of a deleted project goes with
 * it (foreign key); its changes are forgotten with the others.
 *
 * By id, without an index on `at`, which every write paid for (decision 064). A change's `at` is
 * the clock when its log row was written, after its id was taken, and ids are taken in time
 * order: every change up to one whose `at` is before the cut took its id before the cut, so was
 * written more than `keptMs` ago (a change that took its id after the cut has a larger id than
 * any written before it, committed or not). The cut is found by a binary search over the ids
 * (`last`): each step reads the first change from the middle of the interval by the primary key,
 * about log2(ids in the log) rows in all (19 for 200,000). `at` grows with the id but by the
 * time a statement takes from taking its ids to logging them (as it ends): where it does not, the
 * search may stop early and the next run prunes the rest, never a change written after the cut.
 * The deletion then reads the pruned rows by the primary key: `first` bounds it from below, as
 * the planner needs (a change committed since below `first` goes at the next run). A long
 * transaction's change, committed after later ids were pruned, goes at the next run if it was
 * written before the cut (as the `at` of its transaction's start did before); its collection's
 * mark already covers it if a later id of that collection was pruned.
 *
 * The deletion goes in steps of `stepIds` ids (PRUNE_STEP_IDS), each its own statement and
 * commit with its marks, a short pause between them: the writes going on meanwhile never wait
 * behind one long deletion. A stream resuming between two steps is marked for what went.
 * `signal` stops it between two steps (the server closing); the next run prunes the rest.
 *
 * Several servers may prune at once: the second's DELETE waits for the first's rows and skips
 * those gone, and each mark only grows. Answers the changes deleted and the statements it took.
 */
export async function pruneDocumentChanges(options: {
  db: Db;
  keptMs: number;
  stepIds?: number;
  signal?: AbortSignal;
}): Promise<{ deleted: number; steps: number }> {
  const { db, keptMs, stepIds = PRUNE_STEP_IDS, signal } = options;
  const [range] = rowsOf(
    (await db.execute(sql`
      with recursive cut as (
        select now() - make_interval(secs => ${keptMs / 1000}) as at
      ),
      -- Every change up to lo is older than the cut; the first change from hi on is not (or
      -- there is none). Each step halves hi - lo.
      search (lo, hi) as (
        select (select min(id) from ${documentChanges}) - 1, (select max(id) from ${documentChanges}) + 1
        union all
        select
          case when probe.at < (select at from cut) then probe.id else search.lo end,
          case when probe.at < (select at from cut) then search.hi else (search.lo + search.hi) / 2 end
        from search
        left join lateral (
          select ${documentChanges.id} as id, ${documentChanges.at} as at from ${documentChanges}
          where ${documentChanges.id} >= (search.lo + search.hi) / 2 and ${documentChanges.id} < search.hi
          order by ${documentChanges.id}
          limit 1
        ) probe on true
        where search.hi - search.lo > 1
      )
      select (select min(id) from ${documentChanges}) as first, max(search.lo) as last from search
    `)) as RawResult<{ first: string | number | null; last: string | number | null }>,
  );
  const first = Number(range?.first ?? 0);
  const last = Number(range?.last ?? 0);
  if (!range?.first || last < first) return { deleted: 0, steps: 0 };
  let deleted = 0;
  let steps = 0;
  for (let from = first; from <= last && !signal?.aborted; from += stepIds) {
    if (steps > 0) await delay(PRUNE_PAUSE_MS);
    const [step] = rowsOf(
      (await db.execute(sql`
        with gone as (
          delete from ${documentChanges}
          where ${documentChanges.id} between ${from} and ${Math.min(last, from + stepIds - 1)}
          returning ${documentChanges.projectId} as project_id, ${documentChanges.collection} as collection, ${documentChanges.id} as id
        ),
        marked as (
          insert into ${documentChangesPruned} (project_id, collection, id)
          select gone.project_id, gone.collection, max(gone.id) from gone
          where exists (select 1 from projects where projects.id = gone.project_id)
          group by gone.project_id, gone.collection
          on conflict (project_id, collection)
          do update set id = greatest(${documentChangesPruned.id}, excluded.id)
        )
        select count(*)::int as deleted from gone
      `)) as RawResult<{ deleted: number }>,
    );
    deleted += Number(step?.deleted ?? 0);
    steps++;
  }
  return { deleted, steps };
}
