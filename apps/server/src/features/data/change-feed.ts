import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Db } from "../../platform/db/client";
import { createListener } from "../../platform/db/listener";
import { documentChanges, documents } from "../../platform/db/schema";
import { type DocumentRow, documentColumns, type RawResult, rowsOf } from "./documents";

/** The channel a server NOTIFYs after its writes commit: a wake-up, saying only who sent it. */
export const DATA_CHANGES_CHANNEL = "data_changes";
/** The most changes read at once. */
const BATCH = 1000;
/** How often the log is read with no wake-up: what a server that died before its NOTIFY wrote. */
const IDLE_READ_MS = 1000;
/** How soon the log is read again while an id below a committed one has not appeared yet. */
const GAP_READ_MS = 25;
/** How long a hole is waited for by its snapshot's running transactions before narrowing them. */
const NARROW_AFTER_MS = 250;
/**
 * How long a missing id is waited for before it is given up with a warning: the transactions that
 * may hold it are still running after this long (an idle transaction left open, not a write).
 */
const GAP_GIVE_UP_MS = 60_000;

/**
 * One row of the log (migration 0012): a document inserted, updated or deleted; with the document
 * as it is now when it was inserted or updated in a watched collection (and still exists).
 */
export type DocumentChange = {
  id: number;
  op: "insert" | "update" | "delete";
  projectId: string;
  collection: string;
  documentId: string;
  document: DocumentRow | null;
};

/** The collections whose changes are sent with their documents. */
export type Watched = { projects: string[]; collections: string[] };

/**
 * What was read at one instant: the ids still in flight (`pg_current_snapshot()`'s running
 * transactions) and the highest id visible. An id below `below` that is not visible belongs to one
 * of `running` (it took its id before `below` was taken, so it had begun) or to a transaction that
 * rolled back; once none of `running` runs any more, an id below `below` still missing never comes.
 */
type Sight = {
  below: number;
  running: Set<string>;
  at: number;
  /**
   * A hole waited for longer than NARROW_AFTER_MS: the transactions then writing to the log
   * (logWriters). The one holding a missing id, if still running, is among them — unlike the
   * others of `running` (an index being built, an idle session), which no longer hold it up.
   */
  writers?: Set<string>;
};

type Snapshot = { running: Set<string> };

/** `xmin:xmax:xip,xip,…` (pg_snapshot's text form): the transactions running at the snapshot. */
function parseSnapshot(text: string): Snapshot {
  const list = text.split(":")[2] ?? "";
  return { running: new Set(list === "" ? [] : list.split(",")) };
}

const runningAny = (ids: Set<string>, now: Snapshot) => {
  for (const id of ids) if (now.running.has(id)) return true;
  return false;
};

/**
 * The log after `after`, in id order, each row with the snapshot it was read at, and the
 * documents of the watched collections (`projects[i]`, `collections[i]`) joined: one statement,
 * prepared once per database.
 */
function prepareRead(db: Db) {
  const watched = sql`(${documentChanges.projectId}, ${documentChanges.collection}) in (
    select * from unnest(${sql.placeholder("projects")}::text[], ${sql.placeholder("collections")}::text[]))`;
  return db
    .select({
      snapshot: sql<string>`pg_current_snapshot()::text`,
      id: documentChanges.id,
      op: documentChanges.op,
      projectId: documentChanges.projectId,
      collection: documentChanges.collection,
      documentId: documentChanges.documentId,
      document: documentColumns,
    })
    .from(documentChanges)
    .leftJoin(
      documents,
      and(
        eq(documents.id, documentChanges.documentId),
        sql`${documentChanges.op} <> 'delete'`,
        watched,
      ),
    )
    .where(gt(documentChanges.id, sql.placeholder("after")))
    .orderBy(asc(documentChanges.id))
    .limit(BATCH)
    .prepare("read_document_changes");
}
const preparedReads = new WeakMap<Db, ReturnType<typeof prepareRead>>();

/** The last id the log's sequence gave (0 before any). */
async function lastTaken(db: Db): Promise<{ snapshot: string; sequence: number }> {
  const [row] = rowsOf(
    (await db.execute(sql`
      select pg_current_snapshot()::text as snapshot,
        (select case when is_called then last_value else 0 end from document_changes_id_seq) as sequence
    `)) as RawResult<{ snapshot: string; sequence: string | number }>,
  );
  return { snapshot: row?.snapshot ?? "::", sequence: Number(row?.sequence ?? 0) };
}

/** The other transactions holding the log's write lock (by virtual transaction id). */
async function logWriters(db: Db): Promise<Set<string>> {
  const rows = rowsOf(
    (await db.execute(sql`
      select virtualtransaction as writer from pg_locks
      where relation = 'document_changes'::regclass and mode = 'RowExclusiveLock'
        and pid <> pg_backend_pid()
    `)) as RawResult<{ writer: string }>,
  );
  return new Set(rows.map((row) => row.writer));
}

/**
 * Every document change of the database, in id order, each once, none skipped (decision 041).
 * The log's ids come from one sequence, taken as each write happens, so they are not in commit
 * order: 41 may commit after 42. The feed reads the log after the last id it delivered and
 * delivers the ids that follow without a hole; at a hole it waits, until the id appears (its
 * transaction committed) or none of the transactions running when a larger id was seen runs any
 * more (the hole's rolled back). `frontier` is the id up to which everything is delivered.
 *
 * Reads happen when woken: by this server's own writes (`wrote`, which also NOTIFYs the other
 * servers once the write committed, coalesced), by another server's NOTIFY, while a hole is
 * waited for, and every second (a server that died between its commit and its NOTIFY, or a
 * write made outside the servers).
 *
 * Each change comes with its document when its collection is `watched` (read in the same
 * statement, as it is at that moment). `deliver` gets the changes one by one, `frontier` moving
 * with each, synchronously: whoever reads `frontier` has been given every change up to it.
 */
export function createChangeFeed(options: {
  db: Db;
  listen: Database["listen"];
  /** Whether other servers may share the database (PostgreSQL): they are sent a NOTIFY. */
  shared: boolean;
  log: FastifyBaseLogger;
  /** The collections whose changes are to come with their documents, asked at each read. */
  watched: () => Watched;
  /** Delivers one change (synchronously: `frontier` moves with it). */
  deliver: (change: DocumentChange) => void;
  /** The wake-ups may have been missed (the LISTEN was made again). */
  missed: () => void;
  /** The log went back below what was delivered: the database was replaced. */
  replaced: () => void;
}) {
  const { db, log } = options;
  /** What this feed's wake-ups say: who sent them. */
  const self = randomUUID();
  let frontier = 0;
  /** Whether `frontier` is known (the start has read where the log stands). */
  let begun = false;
  let started: Promise<boolean> | undefined;
  let closed = false;
  let reading: Promise<void> | undefined;
  let again = false;
  let gapTimer: NodeJS.Timeout | undefined;
  const sights: Sight[] = [];
  /** Every id below this that is still missing never comes. */
  let settledBelow = 0;
  const waiters = new Set<{ id: number; done: () => void }>();
  /** Waiting for a read that begins after they came, and for the reads at once after it. */
  let freshWaiters: Array<() => void> = [];
  /** The last id taken when the log was last read. */
  let sequence = 0;

  const listener = createListener({
    listen: options.listen,
    channel: DATA_CHANGES_CHANNEL,
    // Its own wake-ups come back too: it read already.
    onNotify: (payload) => {
      if (payload !== self) wake();
    },
    onRelisten: () => {
      options.missed();
      wake();
    },
    log,
  });

  const read = () => {
    let statement = preparedReads.get(db);
    if (!statement) {
      statement = prepareRead(db);
      preparedReads.set(db, statement);
    }
    return statement.execute({ after: frontier, ...options.watched() });
  };

  /**
   * The oldest hole, waited for longer than NARROW_AFTER_MS, if none of the log's writers that
   * may hold it runs any more (the first call only records them).
   */
  async function narrowOldestSight(): Promise<Sight | undefined> {
    const sight = sights[0];
    if (!sight || !options.shared || Date.now() - sight.at < NARROW_AFTER_MS) return undefined;
    const writers = await logWriters(db);
    sight.writers ??= writers;
    return [...sight.writers].some((writer) => writers.has(writer)) ? undefined : sight;
  }

  /** Reads once and delivers what it can; true when there may be more to read at once. */
  async function readOnce(): Promise<boolean> {
    // Asked before the read: a writer that ended before it has its row visible to it, or none.
    const narrowed = await narrowOldestSight();
    const rows = await read();
    const first = rows[0];
    if (!first) {
      const taken = await lastTaken(db);
      if (taken.sequence < frontier) {
        // The sequence went back: the database was replaced (a test, a restore).
        log.warn({ frontier, sequence: taken.sequence }, "the document change log went back");
        frontier = taken.sequence;
        sights.length = 0;
        settledBelow = 0;
        options.replaced();
      }
      sequence = taken.sequence;
      return false;
    }
    const now = parseSnapshot(first.snapshot);
    // A write of this server may have been delivered while the log was read (`wrote`).
    const changes: DocumentChange[] = rows
      .filter((row) => row.id > frontier)
      .map((row) => ({
        id: row.id,
        op: row.op as DocumentChange["op"],
        projectId: row.projectId,
        collection: row.collection,
        documentId: row.documentId,
        document: row.document,
      }));
    const highest = changes.at(-1)?.id ?? 0;
    sequence = Math.max(sequence, highest);
    // The earlier sights whose transactions all ended settle what was missing below them.
    while (sights[0]) {
      const sight = sights[0];
      const stalled = Date.now() - sight.at > GAP_GIVE_UP_MS;
      if (runningAny(sight.running, now) && !stalled && sight !== narrowed) break;
      if (stalled) log.warn({ below: sight.below }, "gave up waiting for a document change id");
      settledBelow = Math.max(settledBelow, sight.below);
      sights.shift();
    }
    // With nothing running, nothing missing below what this read saw can come.
    if (now.running.size === 0) settledBelow = Math.max(settledBelow, highest);
    let expected = frontier + 1;
    let ready = 0;
    for (const change of changes) {
      if (change.id !== expected && change.id > settledBelow) break;
      expected = change.id + 1;
      ready++;
    }
    if (ready < changes.length) {
      // A hole: its id is in flight or rolled back. Read again soon; this read's running
      // transactions, once ended, settle it.
      if (highest > (sights.at(-1)?.below ?? 0)) {
        sights.push({ below: highest, running: now.running, at: Date.now() });
      }
      if (!closed) {
        clearTimeout(gapTimer);
        gapTimer = setTimeout(wake, GAP_READ_MS);
      }
    }
    const batch = changes.slice(0, ready);
    for (const change of batch) {
      frontier = change.id;
      options.deliver(change);
    }
    for (const waiter of waiters) if (waiter.id <= frontier) waiter.done();
    return ready === BATCH;
  }

  function wake() {
    if (closed || !started) return;
    if (reading) {
      again = true;
      return;
    }
    reading = (async () => {
      try {
        do {
          again = false;
          const waiting = freshWaiters;
          freshWaiters = [];
          let more = false;
          try {
            more = await readOnce();
          } finally {
            // A full batch is read on at once, before they are answered.
            if (more) freshWaiters.push(...waiting);
            else for (const done of waiting) done();
          }
          if (more) again = true;
        } while (again && !closed);
      } catch (error) {
        log.warn({ err: error }, "reading the document change log failed");
      } finally {
        reading = undefined;
        if (freshWaiters.length > 0 && !closed) wake();
      }
    })();
  }

  const idleTimer = setInterval(() => wake(), IDLE_READ_MS);
  idleTimer.unref();

  /**
   * Where the feed starts: the last id taken, once every transaction writing to the log when it
   * was read has ended (an id below it may be in flight until then).
   */
  async function begin(): Promise<boolean> {
    const heard = (await listener.ready()) !== undefined;
    const start = await lastTaken(db);
    // The transactions writing to the log now (its insert locks the table before it takes an id):
    // those that hold an id up to `start` are among them. Other transactions (a long index
    // build, an idle session) are not waited for.
    const writing = await logWriters(db);
    const since = Date.now();
    while (writing.size > 0 && !closed && Date.now() - since < GAP_GIVE_UP_MS) {
      await new Promise((resolve) => setTimeout(resolve, GAP_READ_MS));
      const still = await logWriters(db);
      if (![...writing].some((writer) => still.has(writer))) break;
    }
    frontier = start.sequence;
    sequence = start.sequence;
    begun = true;
    return heard;
  }

  let notifying = false;
  let notifyAgain = false;
  /** NOTIFYs the other servers, one at a time: the writes committed meanwhile share the next. */
  function ring() {
    if (notifying) {
      notifyAgain = true;
      return;
    }
    notifying = true;
    notifyAgain = false;
    db.execute(sql`select pg_notify(${DATA_CHANGES_CHANNEL}, ${self})`)
      .catch((error) => log.warn({ err: error }, "announcing document changes failed"))
      .finally(() => {
        notifying = false;
        if (notifyAgain && !closed) ring();
      });
  }

  return {
    /**
     * Starts the feed (the first call): resolves once it reads the log from where it stands, true
     * if the other servers' wake-ups are heard (the LISTEN is in place).
     */
    start(): Promise<boolean> {
      started ??= begin().then(
        (heard) => {
          wake();
          return heard;
        },
        (error) => {
          log.error({ err: error }, "starting the document change feed failed");
          started = undefined;
          return false;
        },
      );
      return started;
    },
    /** Every change up to this id has been delivered. */
    get frontier() {
      return frontier;
    },
    /**
     * Resolves once the log has been read after this call (up to its first hole): every change
     * committed before it is then delivered, or in flight behind an id still missing.
     */
    fresh(): Promise<void> {
      if (closed || !started) return Promise.resolve();
      return new Promise((resolve) => {
        freshWaiters.push(resolve);
        if (reading) again = true;
        else wake();
      });
    },
    /** The last id taken when the log was last read: an id above it was never given. */
    get sequence() {
      return sequence;
    },
    /**
     * A write of this server committed: wake the other servers, and read the log — or, when the
     * write's change is known and is the next one, deliver it at once (no read: its document is
     * the one written).
     */
    wrote(change?: DocumentChange) {
      if (closed) return;
      if (options.shared) ring();
      if (change && begun && change.id === frontier + 1) {
        frontier = change.id;
        sequence = Math.max(sequence, change.id);
        options.deliver(change);
        for (const waiter of waiters) if (waiter.id <= frontier) waiter.done();
        return;
      }
      wake();
    },
    /** Resolves once `frontier` reaches `id`, or after `timeoutMs`. */
    reach(id: number, timeoutMs: number): Promise<void> {
      if (id <= frontier) return Promise.resolve();
      return new Promise((resolve) => {
        const waiter = {
          id,
          done: () => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve();
          },
        };
        const timer = setTimeout(waiter.done, timeoutMs);
        waiters.add(waiter);
        wake();
      });
    },
    async close() {
      closed = true;
      clearInterval(idleTimer);
      clearTimeout(gapTimer);
      for (const waiter of waiters) waiter.done();
      for (const done of freshWaiters.splice(0)) done();
      await started?.catch(() => {});
      await reading;
      await listener.close();
    },
  };
}

export type ChangeFeed = ReturnType<typeof createChangeFeed>;
