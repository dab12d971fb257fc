import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import type { Db } from "../../platform/db/client";
import { documentChangesPruned, documents } from "../../platform/db/schema";
import { CHANGES_KEPT_MS, pruneDocumentChanges } from "./watch-documents";

// The change log's pruning (decision 064): by id, without an index on `at`. A change is kept at
// least CHANGES_KEPT_MS from when it was written; what is pruned is marked per collection, and
// the pruning reads the rows it deletes and a few more, however long the log.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let app: TestApp;
let projectId: string;
beforeAll(async () => {
  app = await createTestApp();
  const owner = await createTestUser(app);
  projectId = (await seedProject(app, owner)).id;
});
afterAll(async () => {
  await app?.cleanup();
});
// Each test starts from an empty log: another's changes, younger, would sit below its ids.
beforeEach(async () => {
  await app.deps.db.execute(sql`delete from document_changes`);
});

type RawResult<T> = T[] | { rows: T[] };
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as RawResult<T>;
  return Array.isArray(result) ? result : result.rows;
}

/** Adds `count` documents to the collection in one statement: one change each, ids in a row. */
async function addMany(
  collection: string,
  count: number,
): Promise<{ first: number; last: number }> {
  const [range] = await rows<{ first: string; last: string }>(
    app.deps.db,
    sql`
      with added as (
        insert into ${documents} (project_id, collection, data, size)
        select ${projectId}, ${collection}, jsonb_build_object('n', n), 10
        from generate_series(1, ${count}) as n
        returning change_id
      )
      select min(change_id) as first, max(change_id) as last from added`,
  );
  return { first: Number(range?.first), last: Number(range?.last) };
}

/** Dates the changes from `first` to `last` back, as if written `ms` ago. */
async function writtenAgo(first: number, last: number, ms: number) {
  await app.deps.db.execute(sql`
    update document_changes set at = now() - make_interval(secs => ${ms / 1000})
    where id between ${first} and ${last}`);
}

async function logged(collection: string): Promise<number[]> {
  const found = await rows<{ id: string }>(
    app.deps.db,
    sql`select id from document_changes
      where project_id = ${projectId} and collection = ${collection} order by id`,
  );
  return found.map((row) => Number(row.id));
}

async function markOf(collection: string): Promise<number | undefined> {
  const [mark] = await app.deps.db
    .select({ id: documentChangesPruned.id })
    .from(documentChangesPruned)
    .where(
      and(
        eq(documentChangesPruned.projectId, projectId),
        eq(documentChangesPruned.collection, collection),
      ),
    );
  return mark === undefined ? undefined : Number(mark.id);
}

/** What this transaction read of the log so far (PostgreSQL's own counts). */
async function readOfLog(db: Db) {
  const [counts] = await rows<{ seq: string; fetched: string; deleted: string }>(
    db,
    sql`select coalesce(seq_tup_read, 0) as seq, coalesce(idx_tup_fetch, 0) as fetched,
        n_tup_del as deleted
      from pg_stat_xact_user_tables where relid = 'document_changes'::regclass`,
  );
  return {
    sequential: Number(counts?.seq ?? 0),
    byIndex: Number(counts?.fetched ?? 0),
    deleted: Number(counts?.deleted ?? 0),
  };
}

it("prunes the changes older than the keep time and never a younger one, reading a bounded number of rows of a log of 50,000", async () => {
  const old = await addMany("big", 2_000);
  const almost = await addMany("big", 1_000);
  const young = await addMany("big", 47_000);
  await writtenAgo(old.first, old.last, CHANGES_KEPT_MS + 60_000);
  await writtenAgo(almost.first, almost.last, CHANGES_KEPT_MS - 60_000);

  const read = await app.deps.db.transaction(async (tx) => {
    const before = await readOfLog(tx);
    await pruneDocumentChanges({ db: tx, keptMs: CHANGES_KEPT_MS });
    const after = await readOfLog(tx);
    return {
      sequential: after.sequential - before.sequential,
      byIndex: after.byIndex - before.byIndex,
      deleted: after.deleted - before.deleted,
    };
  });

  const left = await logged("big");
  expect(left).toHaveLength(48_000);
  expect(left[0]).toBe(almost.first);
  expect(left.at(-1)).toBe(young.last);
  expect(await markOf("big")).toBe(old.last);
  // No sequential scan: the 2,000 deleted rows by the primary key, and about log2(50,000) rows
  // for the search and the ends of the log.
  expect(read.deleted).toBe(2_000);
  expect(read.sequential).toBe(0);
  expect(read.byIndex).toBeGreaterThanOrEqual(2_000);
  expect(read.byIndex).toBeLessThan(2_000 + 64);

  // Nothing older is left: the next run deletes nothing, reads a few rows.
  await pruneDocumentChanges({ db: app.deps.db, keptMs: CHANGES_KEPT_MS });
  expect(await logged("big")).toHaveLength(48_000);
  // The almost old ones go once they are old.
  await writtenAgo(almost.first, almost.last, CHANGES_KEPT_MS + 1_000);
  await pruneDocumentChanges({ db: app.deps.db, keptMs: CHANGES_KEPT_MS });
  expect((await logged("big"))[0]).toBe(young.first);
  expect(await markOf("big")).toBe(almost.last);
});

it("keeps a change from when it was written, not from when its transaction began", async () => {
  const keptMs = 1_000;
  // A transaction that began over keptMs ago and wrote just now.
  const id = await app.deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_sleep(1.2)`);
    const [row] = await tx
      .insert(documents)
      .values({ projectId, collection: "slow", data: { n: 1 }, size: 8 })
      .returning({ changeId: documents.changeId });
    return Number(row?.changeId);
  });
  await pruneDocumentChanges({ db: app.deps.db, keptMs });
  expect(await logged("slow")).toEqual([id]);
  await new Promise((resolve) => setTimeout(resolve, keptMs + 100));
  await pruneDocumentChanges({ db: app.deps.db, keptMs });
  expect(await logged("slow")).toEqual([]);
  expect(await markOf("slow")).toBe(id);
});

it("marks the highest pruned id of each collection when several servers prune at once", async () => {
  const a = await addMany("one", 300);
  const b = await addMany("two", 300);
  const c = await addMany("one", 300);
  await writtenAgo(a.first, c.last, CHANGES_KEPT_MS + 1_000);
  const kept = await addMany("two", 10);
  await Promise.all(
    Array.from({ length: onPostgres ? 4 : 2 }, () =>
      pruneDocumentChanges({ db: app.deps.db, keptMs: CHANGES_KEPT_MS }),
    ),
  );
  expect(await logged("one")).toEqual([]);
  expect(await logged("two")).toHaveLength(10);
  expect((await logged("two"))[0]).toBe(kept.first);
  expect(await markOf("one")).toBe(c.last);
  expect(await markOf("two")).toBe(b.last);
});

it("deletes a long log in steps of a bounded number of ids, each marking what it took, and stops between two when told", async () => {
  const a = await addMany("steps-a", 3_000);
  const b = await addMany("steps-b", 2_500);
  await writtenAgo(a.first, b.last, CHANGES_KEPT_MS + 1_000);
  const kept = await addMany("steps-b", 10);

  // Told to stop before the first step (the server closing): nothing goes, the next run does it.
  const stopped = new AbortController();
  stopped.abort();
  expect(
    await pruneDocumentChanges({
      db: app.deps.db,
      keptMs: CHANGES_KEPT_MS,
      signal: stopped.signal,
    }),
  ).toEqual({ deleted: 0, steps: 0 });
  expect(await logged("steps-a")).toHaveLength(3_000);

  // 5,500 changes, 1,000 ids a step: six statements, none of more than 1,000 changes.
  expect(
    await pruneDocumentChanges({ db: app.deps.db, keptMs: CHANGES_KEPT_MS, stepIds: 1_000 }),
  ).toEqual({ deleted: 5_500, steps: 6 });
  expect(await logged("steps-a")).toEqual([]);
  expect(await logged("steps-b")).toEqual(Array.from({ length: 10 }, (_, i) => kept.first + i));
  expect(await markOf("steps-a")).toBe(a.last);
  expect(await markOf("steps-b")).toBe(b.last);
  // Nothing old is left: the next run reads a few rows and takes no step.
  expect(await pruneDocumentChanges({ db: app.deps.db, keptMs: CHANGES_KEPT_MS })).toEqual({
    deleted: 0,
    steps: 0,
  });
});
