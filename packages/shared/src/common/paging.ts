import { z } from "zod";

/**
 * Where a list's next page starts, newest first: just after the item with this time (to the
 * microsecond, as the database keeps it, in UTC) and id. Items added meanwhile are newer than
 * any cursor, and a deleted item's cursor still marks its place: pages neither repeat nor skip.
 * The comments and every documents list (the database API's, the console's) use it.
 */
export type PageCursor = { time: string; id: string };

const PAGE_CURSOR =
  /^(([1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The cursor a list gave, read back; null for anything else: another form, or a date and time
 * that do not exist (30 February, 24:00, a 61st second), which the database would fail to read.
 */
export function parsePageCursor(cursor: string): PageCursor | null {
  const match = PAGE_CURSOR.exec(cursor);
  if (!match) return null;
  const [, time = "", seconds = "", id = ""] = match;
  const instant = Date.parse(`${seconds}Z`);
  if (Number.isNaN(instant) || !new Date(instant).toISOString().startsWith(seconds)) return null;
  return { time, id };
}

/** A cursor as a list writes it in `nextCursor`; parsePageCursor reads it back. */
export const writePageCursor = (cursor: PageCursor) => `${cursor.time}_${cursor.id}`;

/**
 * A list's `cursor` query field: parsed into a PageCursor, anything a list did not give refused
 * with `message`. Optional: the first page has none.
 */
export const pageCursorField = (message: string) =>
  z
    .string(message)
    .transform((text, context) => {
      const cursor = parsePageCursor(text);
      if (cursor) return cursor;
      context.addIssue({ code: "custom", message });
      return z.NEVER;
    })
    .optional();
