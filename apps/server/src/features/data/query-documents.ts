import { ErrorCodes } from "@hybridge/shared/common/errors";
import { indexFieldName, suggestedIndex } from "@hybridge/shared/data/indexes";
import { type DocumentQuery, writeQueryCursor } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { IndexTexts, QueryTexts } from "@hybridge/shared/data/texts";
import { and, sql } from "drizzle-orm";
import { type BoundedDb, type Db, QUERY_TIME_LIMIT_MS, type Tx } from "../../platform/db/client";
import { errorCodes } from "../../platform/db/errors";
import { documents } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { compileAfter, compileFilter, compileOrder, cursorOf, sortColumns } from "./compile-query";
import type { DocumentScope } from "./document-scope";
import { type DocumentView, documentColumns, toDocument } from "./documents";

/** A row as documents.ts answers it (with the sort columns beside). */
type StoredRow = Parameters<typeof toDocument>[0];

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
  read: (db: Db | Tx) => Promise<T>,
): Promise<T> {
  const { queries } = options;
  try {
    if (queries && queries.timeLimitMs === timeLimitMs) return await read(queries.db);
    return await options.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(timeLimitMs)}, true)`);
      return read(tx);
    });
  } catch (error) {
    if (!errorCodes(error).includes("57014")) throw error;
    throw new AppError(
      QUERY_TOO_SLOW,
      QueryTexts.tooSlow(timeLimitMs / 1000, QueryTexts.indexHint(indexFields(query))),
    );
  }
}

/** The scope's documents a query's filter keeps (and, for a page, those after its cursor). */
const matching = (scope: DocumentScope, query: DocumentQuery, paged: boolean) =>
  and(
    scope.where(),
    query.filter ? compileFilter(query.filter) : undefined,
    paged && query.after ? compileAfter(query.orderBy, query.after) : undefined,
  );

/** The SQL query of a page (an index's test EXPLAINs it). */
export const pageStatement = (db: Db | Tx, scope: DocumentScope, query: DocumentQuery) =>
  db
    .select({ ...documentColumns, ...sortColumns(query.orderBy) })
    .from(documents)
    .where(matching(scope, query, true))
    .orderBy(...compileOrder(query.orderBy))
    // One more than the page: whether a next page exists, without a second query.
    .limit(query.limit + 1);

/** The SQL query of a count. */
export const countStatement = (db: Db | Tx, scope: DocumentScope, query: DocumentQuery) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(documents)
    .where(matching(scope, query, false));

/**
 * One page of a query over the scope's collection, in its order (decision 038), in one SQL
 * query; `nextCursor` (null on the last page) starts the next page just after the page's last
 * document, whether or not it still exists.
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
}): Promise<DocumentsResponse> {
  const { scope, query, timeLimitMs = QUERY_TIME_LIMIT_MS } = options;
  const rows = (await bounded(options, query, timeLimitMs, (tx) =>
    pageStatement(tx, scope, query),
  )) as Array<StoredRow & Record<string, unknown>>;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    documents: page.map((row) => toDocument(row, options.view)),
    nextCursor:
      rows.length > query.limit && last
        ? writeQueryCursor(query.orderBy, cursorOf(query.orderBy, last))
        : null,
  };
}

/** How many of the scope's documents a query's filter keeps (its order, limit and cursor aside). */
export async function countDocuments(options: {
  db: Db;
  queries?: BoundedDb | null;
  scope: DocumentScope;
  query: DocumentQuery;
  timeLimitMs?: number;
}): Promise<{ count: number }> {
  const { query, timeLimitMs = QUERY_TIME_LIMIT_MS } = options;
  const [row] = await bounded(options, query, timeLimitMs, (tx) =>
    countStatement(tx, options.scope, query),
  );
  return { count: row?.count ?? 0 };
}
