import { ErrorCodes } from "@hybridge/shared/common/errors";
import { indexFieldName, suggestedIndex } from "@hybridge/shared/data/indexes";
import { type DocumentQuery, writeQueryCursor } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { IndexTexts, QueryTexts } from "@hybridge/shared/data/texts";
import { and, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { errorCodes } from "../../platform/db/errors";
import { documents } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { compileAfter, compileFilter, compileOrder, cursorOf, sortColumns } from "./compile-query";
import type { DocumentScope } from "./document-scope";
import { type DocumentView, documentColumns, toDocument } from "./documents";

/** A row as documents.ts answers it (with the sort columns beside). */
type StoredRow = Parameters<typeof toDocument>[0];

/**
 * How long one query may run (decision 038): a filter or an order no index serves reads the
 * whole collection, and a very large one must not hold a connection for long. 100,000
 * documents took 0.2-0.4 s on a busy machine; the default document limit is 10,000.
 */
export const QUERY_TIME_LIMIT_MS = 2_000;
/** The code of a query stopped at QUERY_TIME_LIMIT_MS (400: asking again will not help). */
export const QUERY_TOO_SLOW = ErrorCodes.QUERY_TOO_SLOW;

/** The index this query would be read from, as QUERY_TOO_SLOW names it ("status ==, price asc"). */
const indexFields = (query: DocumentQuery): string =>
  suggestedIndex(query)
    .map((one) => IndexTexts.hintField(indexFieldName(one.field), one.mode))
    .join(", ");

/**
 * Runs `read` in a transaction whose statements stop after `timeLimitMs` (a parameter of
 * set_config, local to the transaction); a stopped query answers QUERY_TOO_SLOW, naming the
 * index it lacked.
 */
async function bounded<T>(
  db: Db,
  query: DocumentQuery,
  timeLimitMs: number,
  read: (tx: Tx) => Promise<T>,
): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
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
  scope: DocumentScope;
  query: DocumentQuery;
  view: DocumentView;
  /** QUERY_TIME_LIMIT_MS unless said (a test's). */
  timeLimitMs?: number;
}): Promise<DocumentsResponse> {
  const { db, scope, query, timeLimitMs = QUERY_TIME_LIMIT_MS } = options;
  const rows = (await bounded(db, query, timeLimitMs, (tx) =>
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
  scope: DocumentScope;
  query: DocumentQuery;
  timeLimitMs?: number;
}): Promise<{ count: number }> {
  const { query, timeLimitMs = QUERY_TIME_LIMIT_MS } = options;
  const [row] = await bounded(options.db, query, timeLimitMs, (tx) =>
    countStatement(tx, options.scope, query),
  );
  return { count: row?.count ?? 0 };
}
