/**
 * The codes along an error's cause chain — a SQLSTATE ("23505"), a socket error
 * ("ECONNREFUSED"), postgres-js's own ("CONNECTION_CLOSED"): Drizzle and better-auth wrap the
 * driver's error in their own.
 */
export function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    e = (e as { cause?: unknown }).cause;
  }
  return codes;
}

/** Failures that say nothing about the query: the database cannot be reached or used now. */
const DOWN = new Set([
  // Sockets and name resolution.
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  // postgres-js.
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // PostgreSQL: database dropped, login refused, shutting down or starting, full.
  "3D000",
  "28000",
  "28P01",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/** 42P01, undefined_table: the database answers, but without our tables (recreated empty). */
export const UNDEFINED_TABLE = "42P01";

/**
 * Why a query failed when the database, not the query, is at fault: "down" (unreachable,
 * dropped, shutting down), "schema-missing" (a database recreated empty); null otherwise.
 */
export function databaseFailure(error: unknown): "down" | "schema-missing" | null {
  const codes = errorCodes(error);
  if (codes.includes(UNDEFINED_TABLE)) return "schema-missing";
  // Class 08: connection exceptions.
  if (codes.some((code) => DOWN.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return "down";
  return null;
}

/**
 * A write refused because a value is too large for an index an owner declared on the collection
 * (decision 041: `index row size … exceeds btree … maximum … for index "documents_ix_…"`, or
 * `index row requires … bytes`, SQLSTATE 54000): the request's fault, not the server's.
 */
export function exceedsDeclaredIndex(error: unknown): boolean {
  if (!errorCodes(error).includes("54000")) return false;
  let e: unknown = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const message = (e as { message?: unknown }).message;
    if (typeof message === "string" && message.includes('"documents_ix_')) return true;
    // Over a page's size the entry is refused before its index is named (index_form_tuple):
    // a declared index's entry, its values and the `indexed` it includes (decision 065); no
    // other index holds values of unbounded size.
    if (typeof message === "string" && /^index row requires \d+ bytes/.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
