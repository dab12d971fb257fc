import { createHash } from "node:crypto";
import {
  type CollectionIndex,
  INDEX_LIMITS,
  type IndexField,
  type IndexStatus,
  parseIndexFields,
} from "@hybridge/shared/data/indexes";
import type { SortKey } from "@hybridge/shared/data/query";
import { IndexTexts } from "@hybridge/shared/data/texts";
import { and, asc, count, eq, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database, Db } from "../../platform/db/client";
import { errorCodes } from "../../platform/db/errors";
import { collectionIndexes, collectionIndexPaths, projects } from "../../platform/db/schema";
import { microsecondsText } from "../../platform/db/time-text";
import { AppError, isConstraintViolation } from "../../platform/errors";
import { type IndexedPaths, indexTerms, NO_INDEXED_PATHS, pathKey } from "./compile-query";
import { documentScope, ownerCaller } from "./document-scope";

// Indexes an owner declares on a collection (decision 041). A declaration is a row of
// collection_indexes; its index is a partial index of documents over the query compiler's own
// expressions (indexTerms), restricted to the collection by the scope's own condition, so that
// a query of that collection with those equalities and that order is read from it in order:
// PostgreSQL plans each query with its parameters' values (unnamed statements get custom plans),
// which then equal the index's constants. The paths it reads are kept in `documents.indexed`
// (decision 065): the index is built over that column, and includes it, once every document of
// the collection holds them there (backfill), and queries read them there once it is ready.

type Row = typeof collectionIndexes.$inferSelect;
type Log = { warn: (object: object, message: string) => void };

/** The name of a declaration's index: its id without dashes (45 characters, under 63). */
export const indexName = (id: string) => `documents_ix_${id.replaceAll("-", "")}`;
const INDEX_NAME = /^documents_ix_[0-9a-f]{32}$/;

/** A string as an SQL literal, as PostgreSQL's quote_literal writes it (E'' for backslashes). */
export function quoteLiteral(value: string): string {
  if (value.includes("\u0000")) throw new Error("An SQL literal cannot hold U+0000.");
  const quoted = value.replaceAll("'", "''");
  return value.includes("\\") ? `E'${quoted.replaceAll("\\", "\\\\")}'` : `'${quoted}'`;
}

const dialect = new PgDialect();

/**
 * An SQL fragment with its parameters written as literals: the fragment's text is the
 * compiler's constants, in which `$n` only ever stands for a parameter, and every parameter
 * here is a string (a key of a path, the project's id, the collection's name).
 */
function inline(fragment: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(fragment);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (typeof value !== "string") throw new Error(`Parameter $${n} of an index is not a string.`);
    return quoteLiteral(value);
  });
}

/** A declaration's equalities and order, as the compiler takes them. */
function readFields(fields: IndexField[]) {
  const read = parseIndexFields(fields);
  if (read.issues)
    throw new Error(
      `A stored index does not read: ${read.issues.map((issue) => issue.message).join(" ")}`,
    );
  const equalities = read.fields.filter((one) => one.mode === "==").map((one) => one.ref);
  const order = read.fields.flatMap(({ ref, mode }): SortKey[] =>
    mode === "==" ? [] : [{ field: ref, direction: mode }],
  );
  return { equalities, order };
}

/** The data paths a declaration reads, as `documents.indexed` holds them. */
function dataPaths(fields: IndexField[]): string[][] {
  const { equalities, order } = readFields(fields);
  return [...equalities, ...order.map((key) => key.field)].flatMap((field) =>
    field.kind === "data" ? [field.path] : [],
  );
}

/** The CREATE INDEX statement of a declaration (CONCURRENTLY on PostgreSQL). */
export function createIndexStatement(
  row: Pick<Row, "id" | "projectId" | "collection" | "fields">,
  concurrently: boolean,
): string {
  const { equalities, order } = readFields(row.fields);
  const indexed = new Set(dataPaths(row.fields).map(pathKey));
  const columns = indexTerms(equalities, order, indexed).map(
    (term) => `(${inline(term.value)}) ${term.direction === "asc" ? "asc" : "desc"}`,
  );
  // The very condition a query of this collection starts with (DocumentScope.where).
  const scope = documentScope(ownerCaller("", row.projectId), row.collection).where();
  // `indexed` included: a count of the index's equalities needs nothing else of the row.
  return `create index ${concurrently ? "concurrently " : ""}if not exists "${indexName(row.id)}" on "documents" (${columns.join(", ")}) include ("indexed") where ${inline(scope)}`;
}

const fieldsKey = (fields: IndexField[]) =>
  createHash("sha256").update(JSON.stringify(fields)).digest("hex");

const toIndex = (row: Row): CollectionIndex => ({
  id: row.id,
  collection: row.collection,
  fields: row.fields,
  status: row.status as IndexStatus,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
});

/** A project's declared indexes (one collection's, when named), oldest first. */
export async function listCollectionIndexes(options: {
  db: Db;
  projectId: string;
  collection?: string;
}): Promise<CollectionIndex[]> {
  const rows = await options.db
    .select()
    .from(collectionIndexes)
    .where(
      and(
        eq(collectionIndexes.projectId, options.projectId),
        options.collection === undefined
          ? undefined
          : eq(collectionIndexes.collection, options.collection),
      ),
    )
    .orderBy(asc(collectionIndexes.createdAt), asc(collectionIndexes.id));
  return rows.map(toIndex);
}

/**
 * How long a server trusts what it read of a project's ready indexes: another server's build
 * is read here within this time. Until then its queries read the paths from `data`, which is
 * always right (`indexed` is never read for a path whose backfill has not ended, and a path
 * once added stays written: decision 065), only not from the new index.
 */
const PATHS_TRUST_MS = 5_000;
const PROJECTS_KNOWN = 10_000;
type KnownPaths = { byCollection: Map<string, IndexedPaths>; until: number };
const knownPaths = new WeakMap<Db, Map<string, KnownPaths>>();

/**
 * The paths a collection's queries read from `documents.indexed`: those of its ready declared
 * indexes (one read of the project's declarations per PATHS_TRUST_MS, per server).
 */
export async function indexedPaths(
  db: Db,
  projectId: string,
  collection: string,
): Promise<IndexedPaths> {
  let projectsKnown = knownPaths.get(db);
  if (!projectsKnown) {
    projectsKnown = new Map();
    knownPaths.set(db, projectsKnown);
  }
  const now = Date.now();
  let known = projectsKnown.get(projectId);
  if (!known || known.until <= now) {
    const rows = await db
      .select({ collection: collectionIndexes.collection, fields: collectionIndexes.fields })
      .from(collectionIndexes)
      .where(
        and(eq(collectionIndexes.projectId, projectId), eq(collectionIndexes.status, "ready")),
      );
    const byCollection = new Map<string, Set<string>>();
    for (const row of rows) {
      const paths = byCollection.get(row.collection) ?? new Set<string>();
      for (const path of dataPaths(row.fields)) paths.add(pathKey(path));
      byCollection.set(row.collection, paths);
    }
    known = { byCollection, until: now + PATHS_TRUST_MS };
    projectsKnown.delete(projectId);
    if (projectsKnown.size >= PROJECTS_KNOWN) {
      const oldest = projectsKnown.keys().next().value;
      if (oldest !== undefined) projectsKnown.delete(oldest);
    }
    projectsKnown.set(projectId, known);
  }
  return known.byCollection.get(collection) ?? NO_INDEXED_PATHS;
}

/**
 * Reads the project's ready indexes again at its next query: this server's build or drop, and
 * a test that writes declarations itself.
 */
export const forgetPaths = (db: Db, projectId: string) => knownPaths.get(db)?.delete(projectId);

/** Builds in progress in this process, so that a test or a shutdown can wait for them. */
const building = new Set<Promise<void>>();

/** Resolves once every build this process started has ended. */
export async function indexBuildsSettled(): Promise<void> {
  while (building.size > 0) await Promise.allSettled([...building]);
}

const errorText = (error: unknown) => {
  let e: unknown = error;
  // Drizzle wraps the driver's error ("Failed query: …"): the database's own message is inside.
  for (let depth = 0; depth < 5 && (e as { cause?: unknown })?.cause; depth++) {
    e = (e as { cause: unknown }).cause;
  }
  return (e instanceof Error ? e.message : String(e)).slice(0, 1000);
};

const dropStatement = (id: string, kind: Database["kind"]) =>
  `drop index ${kind === "postgres" ? "concurrently " : ""}if exists "${indexName(id)}"`;

/** How many documents one statement of a backfill writes. */
const BACKFILL_BATCH = 2000;
/** How long a backfill waits for the transactions that began before its paths were added. */
const OLDER_WRITES_WAIT_MS = 10 * 60_000;

/**
 * Makes every document of the declaration's collection hold its paths in `indexed`: the paths
 * are added (from then on, each write's trigger writes them), the writes that began before are
 * waited for (their trigger may not have seen the paths), then every document whose `indexed`
 * differs is written again, by batches along the list's index. A document written meanwhile is
 * waited for and read again by its batch's UPDATE: it ends right either way. These updates take
 * no change id and log nothing (migration 0028): the documents did not change.
 */
async function backfillPaths(database: Pick<Database, "db" | "kind">, row: Row) {
  const { db, kind } = database;
  const paths = dataPaths(row.fields);
  if (paths.length === 0) return;
  await db
    .insert(collectionIndexPaths)
    .values(
      paths.map((path) => ({
        projectId: row.projectId,
        collection: row.collection,
        key: pathKey(path),
        path,
      })),
    )
    .onConflictDoNothing();
  if (kind === "postgres") await olderWritesEnded(db);
  let last: { createdAt: string; id: string } | null = null;
  for (;;) {
    const after: SQL = last
      ? sql`and ("created_at", "id") < (${last.createdAt}::timestamptz, ${last.id}::uuid)`
      : sql``;
    const [next]: Array<{ createdAt: string | null; id: string | null }> = await rowsOf(
      db,
      sql`with batch as (
          select "id", "created_at" from "documents"
          where "project_id" = ${row.projectId} and "collection" = ${row.collection} ${after}
          order by "created_at" desc, "id" desc limit ${BACKFILL_BATCH}
        ), written as (
          -- Run whether read or not, as every data-modifying WITH is.
          update "documents" d set "indexed" = document_indexed(d."project_id", d."collection", d."data")
          from batch where d."id" = batch."id"
            and d."indexed" is distinct from document_indexed(d."project_id", d."collection", d."data")
        )
        select ${sql.raw(microsecondsText('"created_at"'))} as "createdAt", "id"::text as "id"
        from batch order by "created_at" asc, "id" asc limit 1`,
    );
    if (!next?.createdAt || !next.id) return;
    last = { createdAt: next.createdAt, id: next.id };
  }
}

/**
 * Waits until every transaction running now has ended (as CREATE INDEX CONCURRENTLY waits for
 * older ones): a write begun before the paths were added may have run its trigger without them.
 */
async function olderWritesEnded(db: Db) {
  const [now] = await rowsOf<{ xmax: string }>(
    db,
    sql`select pg_snapshot_xmax(pg_current_snapshot())::text as xmax`,
  );
  const xmax = now?.xmax ?? "0";
  const deadline = Date.now() + OLDER_WRITES_WAIT_MS;
  for (;;) {
    const [row] = await rowsOf<{ ended: boolean }>(
      db,
      sql`select pg_snapshot_xmin(pg_current_snapshot()) >= ${xmax}::xid8 as ended`,
    );
    if (row?.ended) return;
    if (Date.now() > deadline) {
      throw new Error("A transaction begun before the index's paths were added is still running.");
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Builds a declaration's index and records the outcome: ready, or failed with the database's
 * message (an invalid index CONCURRENTLY left behind is dropped). Never throws.
 */
async function buildIndex(options: {
  database: Pick<Database, "db" | "kind">;
  row: Row;
  log?: Log;
}) {
  const { database, row } = options;
  const { db, kind } = database;
  let status: IndexStatus = "ready";
  let error: string | null = null;
  const drop = () => runIndexStatement(db, dropStatement(row.id, kind));
  try {
    // What a stopped build left (an invalid index) goes first: IF NOT EXISTS would keep it.
    await drop();
    await backfillPaths(database, row);
    await runIndexStatement(db, createIndexStatement(row, kind === "postgres"));
  } catch (failure) {
    status = "failed";
    error = errorText(failure);
    options.log?.warn({ err: failure, index: row.id }, "a declared index could not be built");
    await drop().catch(() => {});
  }
  await db
    .update(collectionIndexes)
    .set({ status, error })
    .where(eq(collectionIndexes.id, row.id))
    .catch((failure: unknown) =>
      options.log?.warn({ err: failure, index: row.id }, "a declared index's state was not saved"),
    );
  forgetPaths(db, row.projectId);
}

/**
 * This process's index statements (builds and drops), one after another: two CREATE INDEX
 * CONCURRENTLY (or DROP INDEX CONCURRENTLY) on one table wait for each other, and PostgreSQL
 * ends one of them as a deadlock.
 */
let queue: Promise<unknown> = Promise.resolve();
function serially<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run, run);
  queue = next.catch(() => {});
  return next;
}

/**
 * Runs an index statement, again when it met another server's (a deadlock, code 40P01), at
 * most three times.
 */
async function runIndexStatement(db: Db, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql.raw(statement));
      return;
    } catch (failure) {
      if (attempt >= 3 || !errorCodes(failure).includes("40P01")) throw failure;
    }
  }
}

/** Drops an index of a declaration (or one left without one), in this process's turn. */
const dropIndex = (database: Pick<Database, "db" | "kind">, name: string) =>
  serially(() =>
    runIndexStatement(
      database.db,
      `drop index ${database.kind === "postgres" ? "concurrently " : ""}if exists "${name}"`,
    ),
  );

/** Queues a declaration's build; the promise ends with it. */
function startBuild(options: { database: Pick<Database, "db" | "kind">; row: Row; log?: Log }) {
  const tracked = serially(() => buildIndex(options)).finally(() => building.delete(tracked));
  building.add(tracked);
  return tracked;
}

/**
 * Declares an index on a collection and starts building it: answers the declaration, status
 * building. One of two identical declarations is stored, the other refused (409); a project has
 * at most INDEX_LIMITS.perProject (declarations of one project take turns on its row).
 */
export async function declareCollectionIndex(options: {
  database: Pick<Database, "db" | "kind">;
  projectId: string;
  collection: string;
  fields: IndexField[];
  log?: Log;
}): Promise<{ index: CollectionIndex; built: Promise<void> }> {
  const { database, projectId, collection, fields } = options;
  let row: Row;
  try {
    row = await database.db.transaction(async (tx) => {
      await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, projectId))
        .for("update");
      const [held] = await tx
        .select({ n: count() })
        .from(collectionIndexes)
        .where(eq(collectionIndexes.projectId, projectId));
      if ((held?.n ?? 0) >= INDEX_LIMITS.perProject) {
        throw AppError.conflict(IndexTexts.tooMany(INDEX_LIMITS.perProject));
      }
      const [inserted] = await tx
        .insert(collectionIndexes)
        .values({ projectId, collection, fields, key: fieldsKey(fields) })
        .returning();
      return inserted as Row;
    });
  } catch (error) {
    if (isConstraintViolation(error, "collection_indexes_fields")) {
      throw AppError.conflict(IndexTexts.duplicate);
    }
    throw error;
  }
  return { index: toIndex(row), built: startBuild({ database, row, log: options.log }) };
}

/** Deletes a declaration and drops its index; false when the collection has no such one. */
export async function deleteCollectionIndex(options: {
  database: Pick<Database, "db" | "kind">;
  projectId: string;
  collection: string;
  indexId: string;
}): Promise<boolean> {
  const { database, projectId, collection, indexId } = options;
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(indexId)) return false;
  const [deleted] = await database.db
    .delete(collectionIndexes)
    .where(
      and(
        eq(collectionIndexes.id, indexId),
        eq(collectionIndexes.projectId, projectId),
        eq(collectionIndexes.collection, collection),
      ),
    )
    .returning({ id: collectionIndexes.id });
  if (!deleted) return false;
  forgetPaths(database.db, projectId);
  // A failure here leaves an index without a declaration, which the next reconcile drops.
  await dropIndex(database, indexName(deleted.id));
  return true;
}

/** Whether another connection is building this index right now (another server's build). */
async function buildRunsElsewhere(
  { db, kind }: Pick<Database, "db" | "kind">,
  name: string,
): Promise<boolean> {
  // PGlite is this process's own database: no other server builds on it.
  if (kind === "pglite") return false;
  const [row] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_stat_activity
        where pid <> pg_backend_pid() and state = 'active' and query like ${`%"${name}"%`}`,
  );
  return Number(row?.n ?? 0) > 0;
}

async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}

/**
 * At a server's start: an index whose declaration is gone (deleted, or its project deleted) is
 * dropped; a declaration left `building` by a server that stopped is ready if its index is
 * valid, and else built again (an invalid leftover of CREATE INDEX CONCURRENTLY dropped first),
 * unless another server is building it at this moment.
 */
export async function reconcileCollectionIndexes(options: {
  database: Pick<Database, "db" | "kind">;
  log?: Log;
}): Promise<{ dropped: number; rebuilt: number }> {
  const { database } = options;
  const { db } = database;
  const existing = await rowsOf<{ name: string; valid: boolean }>(
    db,
    sql`select c.relname as name, i.indisvalid as valid
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'documents'::regclass and c.relname like 'documents\\_ix\\_%'`,
  );
  const rows = await db.select().from(collectionIndexes);
  const declared = new Set(rows.map((row) => indexName(row.id)));
  let dropped = 0;
  for (const { name } of existing) {
    if (!INDEX_NAME.test(name) || declared.has(name)) continue;
    if (await buildRunsElsewhere(database, name)) continue;
    await dropIndex(database, name);
    dropped++;
  }
  const valid = new Map(existing.map((one) => [one.name, one.valid]));
  let rebuilt = 0;
  for (const row of rows) {
    if (row.status !== "building") continue;
    const name = indexName(row.id);
    if (valid.get(name) === true) {
      await db
        .update(collectionIndexes)
        .set({ status: "ready", error: null })
        .where(eq(collectionIndexes.id, row.id));
      forgetPaths(db, row.projectId);
      continue;
    }
    if (await buildRunsElsewhere(database, name)) continue;
    void startBuild({ database, row, log: options.log });
    rebuilt++;
  }
  return { dropped, rebuilt };
}
