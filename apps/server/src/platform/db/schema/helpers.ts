import { sql } from "drizzle-orm";
import { timestamp } from "drizzle-orm/pg-core";

/** `col IN ('a','b')` for a CHECK constraint built from one of the shared enum lists. */
export function inList(column: string, values: readonly string[]) {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
  return sql.raw(`"${column}" IN (${list})`);
}

export const createdAt = (name = "created_at") =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();
