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
import { collectionIndexes, projects } from "../../platform/db/schema";
import { AppError, isConstraintViolation } from "../../platform/errors";
import { indexTerms } from "./compile-query";
import { documentScope, ownerCaller } from "./document-scope";

// Indexes an owner declares on a collection (decision 041). A declaration is a row of
// collection_indexes; its index is a partial index of documents over the query compiler's own
// expressions (indexTerms), restricted to the collection by the scope's own condition, so that
// a query of that collection with those equalities and that order is read from it in order:
// PostgreSQL plans each query with its parameters' values (unnamed statements get custom plans),
// which then equal the index's constants.

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

/** The CREATE INDEX statement of a declaration (CONCURRENTLY on PostgreSQL). */
export function createIndexStatement(
  row: Pick<Row, "id" | "projectId" | "collection" | "fields">,
  concurrently: boolean,
): string {
  const { equalities, order } = readFields(row.fields);
  const columns = indexTerms(equalities, order).map(
    (term) => `(${inline(term.value)}) ${term.direction === "asc" ? "asc" : "desc"}`,
  );
  // The very condition a query of this collection starts with (DocumentScope.where).
  const scope = documentScope(ownerCaller("", row.projectId), row.collection).where();
  return `create index ${concurrently ? "concurrently " : ""}if not exists "${indexName(row.id)}" on "documents" (${columns.join(", ")}) where ${inline(scope)}`;
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
      continue;
    }
    if (await buildRunsElsewhere(database, name)) continue;
    void startBuild({ database, row, log: options.log });
    rebuilt++;
  }
  return { dropped, rebuilt };
}
