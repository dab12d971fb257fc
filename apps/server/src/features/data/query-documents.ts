import { type DocumentQuery, writeQueryCursor } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { and, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { documents } from "../../platform/db/schema";
import { compileAfter, compileFilter, compileOrder, cursorOf, sortColumns } from "./compile-query";
import type { DocumentScope } from "./document-scope";
import { type DocumentView, documentColumns, toDocument } from "./documents";

/** The scope's documents a query's filter keeps (and, for a page, those after its cursor). */
const matching = (scope: DocumentScope, query: DocumentQuery, paged: boolean) =>
  and(
    scope.where(),
    query.filter ? compileFilter(query.filter) : undefined,
    paged && query.after ? compileAfter(query.orderBy, query.after) : undefined,
  );

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
}): Promise<DocumentsResponse> {
  const { db, scope, query } = options;
  const rows = (await db
    .select({ ...documentColumns, ...sortColumns(query.orderBy) })
    .from(documents)
    .where(matching(scope, query, true))
    .orderBy(...compileOrder(query.orderBy))
    // One more than the page: whether a next page exists, without a second query.
    .limit(query.limit + 1)) as Array<
    { id: string; data: Record<string, unknown>; createdAt: Date; fileKey: string | null } & Record<
      string,
      unknown
    >
  >;
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
}): Promise<{ count: number }> {
  const [row] = await options.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(documents)
    .where(matching(options.scope, options.query, false));
  return { count: row?.count ?? 0 };
}
