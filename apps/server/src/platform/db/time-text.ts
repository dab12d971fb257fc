import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";

/**
 * A time as ISO text to the microsecond (UTC), as the API's cursors and documents carry it
 * (`toISOString()`'s form with three more digits): the one place this format is written.
 */
export const microseconds = (column: SQL) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const textDialect = new PgDialect();
/** The same as SQL text, around a column's quoted name: for statements written as text. */
export const microsecondsText = (column: string) =>
  textDialect.sqlToQuery(microseconds(sql.raw(column))).sql;
