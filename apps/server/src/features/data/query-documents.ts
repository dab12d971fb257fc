import { ErrorCodes } from "@hybridge/shared/common/errors";
import { type PageCursor, writePageCursor } from "@hybridge/shared/common/paging";
import { indexFieldName, suggestedIndex } from "@hybridge/shared/data/indexes";
import {
  DEFAULT_ORDER,
  type DocumentQuery,
  type QueryCursor,
  writeQueryCursor,
} from "@hybridge/shared/data/query";
import { DOCUMENTS_PAGE_SIZE } from "@hybridge/shared/data/schemas";
import { IndexTexts, QueryTexts } from "@hybridge/shared/data/texts";
import {
  and,
  Column,
  getTableName,
  Param,
  type Query,
  SQL,
  StringChunk,
  sql,
  Table,
} from "drizzle-orm";
import { type PgColumn, PgDialect } from "drizzle-orm/pg-core";
import { type BoundedDb, type Db, QUERY_TIME_LIMIT_MS, type Tx } from "../../platform/db/client";
import { errorCodes } from "../../platform/db/errors";
import { documents } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { indexedPaths } from "./collection-indexes";
import {
  compileAfter,
  compileFilter,
  compileOrder,
  cursorOf,
  type IndexedPaths,
  NO_INDEXED_PATHS,
  sortColumns,
} from "./compile-query";
import type { DocumentScope } from "./document-scope";
import {
  type DocumentText,
  type DocumentView,
  documentJson,
  documentsPageJson,
  documentTextColumns,
  type ListedPages,
  type RawResult,
  rowsOf,
} from "./documents";

// The bound (decision 038) lives with the database's query pool, which sets it per connection.
export { QUERY_TIME_LIMIT_MS };
/** The code of a query stopped at QUERY_TIME_LIMIT_MS (400: asking again will not help). */
export const QUERY_TOO_SLOW = ErrorCodes.QUERY_TOO_SLOW;

/** The index this query would be read from, as QUERY_TOO_SLOW names it ("status ==, price asc"). */
const indexFields = (query: DocumentQuery): string =>
  suggestedIndex(query)
    .map((one) => IndexTexts.hintField(indexFieldName(one.field), one.mode))
    .join(", ");

/**
 * Runs `read` where its statements stop after `timeLimitMs`: on the query pool when its
 * connections carry that limit (one round trip), else in a transaction that sets it (a
 * parameter of set_config, local to the transaction: PGlite, or a test's own limit). A stopped
 * query answers QUERY_TOO_SLOW, naming the index it lacked.
 */
async function bounded<T>(
  options: { db: Db; queries?: BoundedDb | null },
  query: DocumentQuery,
  timeLimitMs: number,
  /** `pooled`: on the query pool, where a statement may be prepared. */
  read: (db: Db | Tx, pooled: boolean) => Promise<T>,
): Promise<T> {
  const { queries } = options;
  try {
    if (queries && queries.timeLimitMs === timeLimitMs) return await read(queries.db, true);
    return await options.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeLimitMs)}, true)`);
      return read(tx, false);
    });
  } catch (error) {
    if (!errorCodes(error).includes("57014")) throw error;
    throw new AppError(
      QUERY_TOO_SLOW,
      QueryTexts.tooSlow(timeLimitMs / 1000, QueryTexts.indexHint(indexFields(query))),
    );
  }
}

/**
 * The scope's documents a query's filter keeps (and, for a page, those after its cursor); the
 * paths in `indexed` are read from `documents.indexed` (decision 065).
 */
const matching = (
  scope: DocumentScope,
  query: DocumentQuery,
  paged: boolean,
  indexed: IndexedPaths,
) =>
  and(
    scope.where(),
    query.filter ? compileFilter(query.filter, indexed) : undefined,
    paged && query.after ? compileAfter(query.orderBy, query.after, indexed) : undefined,
  );

/**
 * What a page selects: the document's columns as its answer's text (documentJson), then those
 * of its cursor (sortColumns).
 */
const pageSelection = (query: DocumentQuery, indexed: IndexedPaths) => ({
  ...documentTextColumns,
  ...sortColumns(query.orderBy, indexed),
});

/**
 * The SQL query of a page (an index's test EXPLAINs it). Each column is named as pageSelection
 * names it (names of this file's and compile-query's own, never a caller's): its rows are read
 * by name, as the driver gives them, without Drizzle's mapping of each value.
 */
export const pageStatement = (
  scope: DocumentScope,
  query: DocumentQuery,
  indexed: IndexedPaths = NO_INDEXED_PATHS,
): SQL =>
  sql`select ${sql.join(
    Object.entries(pageSelection(query, indexed)).map(
      ([name, column]) => sql`${column} as ${sql.raw(`"${name}"`)}`,
    ),
    sql`, `,
  )} from ${documents} where ${matching(scope, query, true, indexed)} order by ${sql.join(compileOrder(query.orderBy, indexed), sql`, `)} limit ${
    // One more than the page: whether a next page exists, without a second query.
    query.limit + 1
  }`;

const countSelection = { count: sql<number>`count(*)`.mapWith(Number) };

/** The SQL query of a count. */
export const countStatement = (
  scope: DocumentScope,
  query: DocumentQuery,
  indexed: IndexedPaths = NO_INDEXED_PATHS,
): SQL => sql`select count(*) from ${documents} where ${matching(scope, query, false, indexed)}`;

// Rendering a statement's tree to text is most of the server's work for a query (0.2 ms of
// Drizzle's, for a page: ten times what building the tree costs), and the text depends only
// on the query's shape — its fields, operators, order, cursor — never on its values, which
// are parameters. So the text is kept per shape, the shape and the parameters read from the
// tree in one walk. On the query pool the statement is also prepared (runStatement), and
// planned with its values each time, which a partial index (decision 041) needs to be chosen.

const dialect = new PgDialect({ casing: "snake_case" });
/** Texts kept, most recently used last. */
const statementTexts = new Map<string, string>();
const STATEMENT_TEXTS_KEPT = 256;

/**
 * A tree's shape (its text chunks and tables' and columns' names in order: what its SQL text
 * is made of, with a mark where each parameter goes) and its parameters, in the order
 * Drizzle's dialect numbers them; null when the tree holds a chunk this does not know (then
 * its text is not kept).
 */
export function statementShape(statement: SQL): { key: string; params: unknown[] } | null {
  const key: string[] = [];
  const params: unknown[] = [];
  const walk = (chunk: unknown): boolean => {
    if (chunk instanceof StringChunk) {
      key.push(chunk.value.join(""));
    } else if (chunk instanceof SQL) {
      if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) return false;
      for (const inner of chunk.queryChunks) if (!walk(inner)) return false;
    } else if (chunk instanceof Column) {
      key.push(`\u0001${getTableName(chunk.table)}.${chunk.name}`);
    } else if (chunk instanceof Table) {
      key.push(`\u0002${getTableName(chunk)}`);
    } else if (chunk instanceof Param) {
      const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
      if (value !== null && typeof value === "object") return false;
      key.push("\u0003");
      params.push(value);
    } else if (chunk === null || ["string", "number", "boolean"].includes(typeof chunk)) {
      key.push("\u0003");
      params.push(chunk);
    } else if (chunk !== undefined) {
      // Arrays, names, aliases, subqueries: not in a query's statements.
      return false;
    }
    return true;
  };
  return walk(statement) ? { key: key.join(""), params } : null;
}

/** The statement's SQL text and parameters, its text kept per shape. */
export function renderStatement(statement: SQL): Query {
  const shape = statementShape(statement);
  if (shape) {
    const text = statementTexts.get(shape.key);
    if (text !== undefined) {
      statementTexts.delete(shape.key);
      statementTexts.set(shape.key, text);
      return { sql: text, params: shape.params };
    }
  }
  const rendered = dialect.sqlToQuery(statement);
  // Kept only when the walk read the parameters as Drizzle did.
  if (
    shape &&
    shape.params.length === rendered.params.length &&
    shape.params.every((value, index) => value === rendered.params[index])
  ) {
    statementTexts.set(shape.key, rendered.sql);
    if (statementTexts.size > STATEMENT_TEXTS_KEPT) {
      statementTexts.delete(statementTexts.keys().next().value as string);
    }
  }
  return rendered;
}

/**
 * Runs a statement: with `selection`, its rows mapped as Drizzle's select would; without, as the
 * driver gives them (named by the statement). `prepared`: as a prepared statement of its
 * connection (postgres-js keeps one per text), which spares PostgreSQL parsing it again and the
 * driver describing its rows; only on the query pool, whose connections plan each execution
 * with its values (client.ts).
 */
async function runStatement<T>(
  db: Db | Tx,
  statement: SQL,
  selection: Record<string, PgColumn | SQL> | undefined,
  prepared: boolean,
): Promise<T[]> {
  const result = (await db._.session
    .prepareQuery(
      renderStatement(statement),
      // Drizzle's list of a flat selection: each value read from its row by position.
      selection && Object.entries(selection).map(([name, field]) => ({ path: [name], field })),
      // A name makes Drizzle's postgres-js session prepare it (postgres-js names it itself).
      prepared ? "document_query" : undefined,
      selection !== undefined,
    )
    .execute()) as RawResult<T>;
  return rowsOf(result);
}

/**
 * One page of a query over the scope's collection, in its order (decision 038), in one SQL
 * query, as JSON (DocumentsResponse, documentsPageJson); `nextCursor` (null on the last page)
 * starts the next page just after the page's last document, whether or not it still exists.
 */
export async function queryDocuments(options: {
  db: Db;
  /** The query pool (Database.queries): used when its limit is the query's. */
  queries?: BoundedDb | null;
  scope: DocumentScope;
  query: DocumentQuery;
  view: DocumentView;
  /** QUERY_TIME_LIMIT_MS unless said (a test's). */
  timeLimitMs?: number;
}): Promise<string> {
  const { documents, cursor } = await queryPage(options);
  return documentsPageJson(
    documents,
    cursor ? writeQueryCursor(options.query.orderBy, cursor) : null,
  );
}

/**
 * A page of a query: its documents' JSON (documentJson), and the place of its last one when more
 * follow.
 */
async function queryPage(options: {
  db: Db;
  queries?: BoundedDb | null;
  scope: DocumentScope;
  query: DocumentQuery;
  view: DocumentView;
  timeLimitMs?: number;
}): Promise<{ documents: string[]; cursor: QueryCursor | null }> {
  const { scope, query, view, timeLimitMs = QUERY_TIME_LIMIT_MS } = options;
  const indexed = await indexedPaths(options.db, scope.projectId, scope.collection);
  const rows = await bounded(options, query, timeLimitMs, (db, pooled) =>
    runStatement<DocumentText & Record<string, unknown>>(
      db,
      pageStatement(scope, query, indexed),
      undefined,
      pooled,
    ),
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    documents: page.map((row) => documentJson(row, view)),
    cursor: rows.length > query.limit && last ? cursorOf(query.orderBy, last) : null,
  };
}

/**
 * The plain list (newest first) for a caller bound by access rules (decision 044), as JSON
 * (DocumentsResponse): the list query of its rule, with the list's own cursors. Never from the
 * page cache, whose pages are the whole collection's.
 */
export async function listRuledDocuments(options: {
  db: Db;
  queries?: BoundedDb | null;
  scope: DocumentScope;
  limit?: number;
  cursor?: PageCursor;
  view: DocumentView;
}): Promise<string> {
  const { cursor } = options;
  const query: DocumentQuery = {
    filter: null,
    orderBy: DEFAULT_ORDER,
    limit: options.limit ?? DOCUMENTS_PAGE_SIZE,
    after: cursor ? { positions: [{ kind: "time", time: cursor.time }], id: cursor.id } : null,
  };
  const page = await queryPage({ ...options, query });
  const last = page.cursor?.positions[0];
  return documentsPageJson(
    page.documents,
    page.cursor && last?.kind === "time"
      ? writePageCursor({ time: last.time, id: page.cursor.id })
      : null,
  );
}

/**
 * How many of the scope's documents a query's filter keeps (its order, limit and cursor aside).
 * With `pages`, a count is remembered while its collection is unchanged, as the plain list's
 * pages are (decision 064): a count reads every document it counts, where a page reads 21.
 * It is remembered by its statement's shape and parameters, which hold everything its answer
 * depends on besides the collection's documents: the filter's fields and values, the project
 * and collection, and a ruled caller's condition with its user's values (decision 044).
 */
export async function countDocuments(options: {
  db: Db;
  queries?: BoundedDb | null;
  pages?: ListedPages;
  scope: DocumentScope;
  query: DocumentQuery;
  timeLimitMs?: number;
}): Promise<{ count: number }> {
  const { query, scope, pages, timeLimitMs = QUERY_TIME_LIMIT_MS } = options;
  const indexed = await indexedPaths(options.db, scope.projectId, scope.collection);
  const statement = countStatement(scope, query, indexed);
  const count = async () => {
    const [row] = await bounded(options, query, timeLimitMs, (db, pooled) =>
      runStatement<{ count: number }>(db, statement, countSelection, pooled),
    );
    return row?.count ?? 0;
  };
  const shape = pages ? statementShape(statement) : null;
  if (!pages || !shape) return { count: await count() };
  const written = await pages.page(
    scope.key,
    `count\n${shape.key}\n${JSON.stringify(shape.params)}`,
    async () => Buffer.from(String(await count())),
  );
  return { count: Number(written.toString()) };
}
