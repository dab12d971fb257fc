import { z } from "zod";
import { isAllowedText } from "../common/characters";
import { DOCUMENTS_MAX_PAGE_SIZE, DOCUMENTS_PAGE_SIZE } from "./schemas";
import { QueryTexts } from "./texts";

// The documents query language (decision 038): the HTTP body's one schema, and the typed tree
// it yields. The server compiles the tree to SQL (apps/server/src/features/data/compile-query.ts),
// the property test's oracle evaluates it in TypeScript, and access rules (issue 25) are trees of
// the same kind. The SDK sends the body; it never builds SQL.

export const QUERY_OPS = [
  "==",
  "!=",
  "<",
  "<=",
  ">",
  ">=",
  "in",
  "not-in",
  "array-contains",
  "array-contains-any",
] as const;
export type QueryOp = (typeof QUERY_OPS)[number];
/** The operators whose value is a list (1 to QUERY_LIMITS.listValues values). */
export const LIST_OPS: ReadonlySet<QueryOp> = new Set(["in", "not-in", "array-contains-any"]);
const RANGE_OPS: ReadonlySet<QueryOp> = new Set(["<", "<=", ">", ">="]);
const ARRAY_OPS: ReadonlySet<QueryOp> = new Set(["array-contains", "array-contains-any"]);

/** The fields the server keeps beside a document's data, and that a query can name. */
export const SERVER_FIELDS = ["id", "createdAt", "updatedAt"] as const;
export type ServerField = (typeof SERVER_FIELDS)[number];
/** Fields of an answer that are no data and no queryable column. */
const UNQUERYABLE_FIELDS = new Set(["fileUrl", "version"]);

export const QUERY_LIMITS = {
  conditions: 20,
  orderKeys: 5,
  listValues: 30,
  pathParts: 20,
  partLength: 256,
  limit: DOCUMENTS_MAX_PAGE_SIZE,
  /** A cursor carries the last document's sort values, a string of a 64 kB document included. */
  cursorLength: 262_144,
} as const;

export type JsonValue =
  | null
  | boolean
  | number
  | string
  | JsonValue[]
  | { [key: string]: JsonValue };

/** A field a query names: one of the server's, or a path of keys into the document's data. */
export type FieldRef = { kind: "server"; name: ServerField } | { kind: "data"; path: string[] };

export type Condition = { kind: "condition"; field: FieldRef; op: QueryOp; value: JsonValue };
/** A filter: conditions combined with and / or (an empty `and` matches all, an empty `or` none). */
export type Filter =
  | Condition
  | { kind: "and"; filters: Filter[] }
  | { kind: "or"; filters: Filter[] };

export type SortDirection = "asc" | "desc";
export type SortKey = { field: FieldRef; direction: SortDirection };

/**
 * Where a value of a data field stands in the order of every JSON value (decision 038): missing
 * < null < false < true < numbers < strings < arrays < objects. Numbers and strings then order
 * by value; arrays among arrays, and objects among objects, are equal (the next key decides).
 */
export const SORT_RANKS = [
  "missing",
  "null",
  "false",
  "true",
  "number",
  "string",
  "array",
  "object",
] as const;
export type SortRank = (typeof SORT_RANKS)[number];

/** The last document's value of one sort key, as a cursor carries it. */
export type SortPosition =
  | { kind: "data"; rank: SortRank; value?: number | string }
  /** A time to the microsecond, in UTC: `2026-11-27T09:30:00.123456Z`. */
  | { kind: "time"; time: string }
  | { kind: "id"; id: string };

/** Where the next page starts: strictly after this document's place in the query's order. */
export type QueryCursor = { positions: SortPosition[]; id: string };

/**
 * A parsed, validated query. `orderBy` is the order the answer has (newest first when the body
 * gave none); ties are then broken by id, in the direction of the last key.
 */
export type DocumentQuery = {
  filter: Filter | null;
  orderBy: SortKey[];
  limit: number;
  after: QueryCursor | null;
};

/** The order of a query without orderBy: newest first, as the plain list. */
export const DEFAULT_ORDER: SortKey[] = [
  { field: { kind: "server", name: "createdAt" }, direction: "desc" },
];

export type QueryIssue = { path: (string | number)[]; message: string };

/** What a body's `field` may be: a dotted path, or the list of its parts. */
export type FieldInput = string | string[];
export type ConditionInput = { field: FieldInput; op: QueryOp; value: unknown };
export type SortKeyInput = { field: FieldInput; direction: SortDirection };
/** The HTTP body of a query and of a count (a count reads `where` only). */
export type DocumentQueryInput = {
  where?: ConditionInput[];
  orderBy?: SortKeyInput[];
  limit?: number;
  after?: string;
};

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether `value` is JSON: finite numbers, plain objects and arrays, without cycles. */
export function isJsonValue(value: unknown): value is JsonValue {
  const stack: unknown[] = [value];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const item = stack.pop();
    if (item === null || typeof item === "string" || typeof item === "boolean") continue;
    if (typeof item === "number") {
      if (!Number.isFinite(item)) return false;
      continue;
    }
    if (typeof item !== "object" || seen.has(item)) return false;
    seen.add(item);
    if (Array.isArray(item)) {
      for (const entry of item) stack.push(entry);
      continue;
    }
    const prototype = Object.getPrototypeOf(item);
    if (prototype !== Object.prototype && prototype !== null) return false;
    for (const entry of Object.values(item)) stack.push(entry);
  }
  return true;
}

const TIME =
  /^([1-9]\d{3})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(Z|([+-])(\d{2}):(\d{2}))$/;

/**
 * An ISO 8601 date and time (with `Z` or an offset, to the microsecond at most) as the UTC time
 * the database compares, to the microsecond: `2026-11-27T09:30:00.000000Z`; null when it is not
 * one, or names a date or time that does not exist.
 */
export function normaliseQueryTime(text: string): string | null {
  const match = TIME.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s, fraction = "", , sign, oh, om] = match.map((part) => part ?? "");
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as number[];
  if (hour === undefined || minute === undefined || second === undefined) return null;
  if (month === undefined || day === undefined || year === undefined) return null;
  if (hour > 23 || minute > 59 || second > 59 || Number(oh) > 23 || Number(om) > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(local);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  const offset = sign ? (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000 : 0;
  const utc = new Date(local - offset);
  const year4 = utc.getUTCFullYear();
  if (year4 < 1000 || year4 > 9999) return null;
  return `${utc.toISOString().slice(0, 19)}.${fraction.padEnd(6, "0")}Z`;
}

/** A field as a body names it, read into a FieldRef; an issue's message when it is not one. */
export function parseField(input: unknown, at: string): FieldRef | string {
  let parts: string[];
  if (typeof input === "string") {
    if (input === "") return QueryTexts.field(at);
    if (input.length > QUERY_LIMITS.pathParts * (QUERY_LIMITS.partLength + 1)) {
      return QueryTexts.fieldTooDeep(at, QUERY_LIMITS.pathParts, QUERY_LIMITS.partLength);
    }
    parts = input.split(".");
  } else if (Array.isArray(input) && input.every((part) => typeof part === "string")) {
    if (input.length === 0) return QueryTexts.field(at);
    parts = input as string[];
  } else {
    return QueryTexts.field(at);
  }
  if (parts.some((part) => part === "")) return QueryTexts.fieldEmptyPart(at);
  if (
    parts.length > QUERY_LIMITS.pathParts ||
    parts.some((part) => part.length > QUERY_LIMITS.partLength)
  ) {
    return QueryTexts.fieldTooDeep(at, QUERY_LIMITS.pathParts, QUERY_LIMITS.partLength);
  }
  const [first = ""] = parts;
  if ((SERVER_FIELDS as readonly string[]).includes(first)) {
    if (parts.length > 1) return QueryTexts.serverFieldPath(at, first);
    return { kind: "server", name: first as ServerField };
  }
  if (UNQUERYABLE_FIELDS.has(first)) return QueryTexts.fieldNotQueryable(at, first);
  return { kind: "data", path: parts };
}

/** A value fit for `field op value`, normalised (times to UTC microseconds); or a message. */
function parseValue(
  field: FieldRef,
  op: QueryOp,
  value: unknown,
  at: string,
): { value: JsonValue } | string {
  if (value === undefined) return QueryTexts.valueRequired(at);
  if (!isJsonValue(value)) return QueryTexts.valueNotJson(at);
  const list = LIST_OPS.has(op);
  if (
    list &&
    (!Array.isArray(value) || value.length === 0 || value.length > QUERY_LIMITS.listValues)
  ) {
    return QueryTexts.listValue(at, op, QUERY_LIMITS.listValues);
  }
  if (field.kind === "server") {
    if (ARRAY_OPS.has(op)) return QueryTexts.arrayOpOnServerField(at, op, field.name);
    const values = list ? (value as JsonValue[]) : [value];
    const normalised: string[] = [];
    for (const one of values) {
      if (typeof one !== "string") {
        return field.name === "id" ? QueryTexts.idValue(at) : QueryTexts.timeValue(at, field.name);
      }
      if (field.name === "id") {
        normalised.push(one);
        continue;
      }
      const time = normaliseQueryTime(one);
      if (time === null) return QueryTexts.timeValue(at, field.name);
      normalised.push(time);
    }
    return { value: list ? normalised : (normalised[0] as string) };
  }
  if (RANGE_OPS.has(op) && (value === null || typeof value === "object")) {
    return QueryTexts.rangeValue(at, op);
  }
  return { value };
}

const fieldKey = (field: FieldRef) =>
  field.kind === "server" ? field.name : JSON.stringify(field.path);

/**
 * Reads a query body (already JSON) into a DocumentQuery, or the issues that refuse it, each
 * with its place and its own message. The server's schema, the console and the command line
 * read queries with it.
 */
export function parseDocumentQuery(
  input: unknown,
): { query: DocumentQuery; issues?: undefined } | { issues: QueryIssue[] } {
  const issues: QueryIssue[] = [];
  const fail = (path: (string | number)[], message: string) => {
    issues.push({ path, message });
  };
  if (!isPlainObject(input)) return { issues: [{ path: [], message: QueryTexts.whereList }] };
  const unknown = Object.keys(input).filter(
    (key) => !["where", "orderBy", "limit", "after"].includes(key),
  );
  if (unknown.length > 0) fail([], QueryTexts.unknownFields(unknown));

  const conditions: Condition[] = [];
  const { where, orderBy: order, limit = DOCUMENTS_PAGE_SIZE, after } = input;
  if (where !== undefined && !Array.isArray(where)) fail(["where"], QueryTexts.whereList);
  else if (where && where.length > QUERY_LIMITS.conditions) {
    fail(["where"], QueryTexts.tooManyConditions(QUERY_LIMITS.conditions));
  } else if (where) {
    for (const [index, item] of (where as unknown[]).entries()) {
      const at = `where[${index}]`;
      if (!isPlainObject(item)) {
        fail(["where", index], QueryTexts.condition(at));
        continue;
      }
      const extra = Object.keys(item).filter((key) => !["field", "op", "value"].includes(key));
      if (extra.length > 0) {
        fail(["where", index], QueryTexts.conditionUnknown(at, extra));
        continue;
      }
      const field = parseField(item.field, `${at}.field`);
      if (typeof field === "string") {
        fail(["where", index, "field"], field);
        continue;
      }
      const op = item.op as QueryOp;
      if (!QUERY_OPS.includes(op)) {
        fail(["where", index, "op"], QueryTexts.op(`${at}.op`));
        continue;
      }
      const value = parseValue(field, op, item.value, `${at}.value`);
      if (typeof value === "string") {
        fail(["where", index, "value"], value);
        continue;
      }
      conditions.push({ kind: "condition", field, op, value: value.value });
    }
  }

  const orderBy: SortKey[] = [];
  if (order !== undefined && !Array.isArray(order)) fail(["orderBy"], QueryTexts.orderByList);
  else if (order && order.length > QUERY_LIMITS.orderKeys) {
    fail(["orderBy"], QueryTexts.tooManyOrderKeys(QUERY_LIMITS.orderKeys));
  } else if (order) {
    const seen = new Set<string>();
    for (const [index, item] of (order as unknown[]).entries()) {
      const at = `orderBy[${index}]`;
      if (!isPlainObject(item)) {
        fail(["orderBy", index], QueryTexts.orderKey(at));
        continue;
      }
      const extra = Object.keys(item).filter((key) => !["field", "direction"].includes(key));
      if (extra.length > 0) {
        fail(["orderBy", index], QueryTexts.orderKeyUnknown(at, extra));
        continue;
      }
      const field = parseField(item.field, `${at}.field`);
      if (typeof field === "string") {
        fail(["orderBy", index, "field"], field);
        continue;
      }
      if (item.direction !== "asc" && item.direction !== "desc") {
        fail(["orderBy", index, "direction"], QueryTexts.direction(`${at}.direction`));
        continue;
      }
      const key = fieldKey(field);
      if (seen.has(key)) {
        fail(["orderBy", index, "field"], QueryTexts.orderTwice(at));
        continue;
      }
      seen.add(key);
      orderBy.push({ field, direction: item.direction });
    }
  }

  if (
    typeof limit !== "number" ||
    !Number.isInteger(limit) ||
    limit < 1 ||
    limit > QUERY_LIMITS.limit
  ) {
    fail(["limit"], QueryTexts.limit(QUERY_LIMITS.limit));
  }
  if (issues.length > 0) return { issues };

  const effectiveOrder = orderBy.length > 0 ? orderBy : DEFAULT_ORDER;
  let cursor: QueryCursor | null = null;
  if (after !== undefined) {
    const read = typeof after === "string" ? readQueryCursor(after, effectiveOrder) : "invalid";
    if (read === "invalid") return { issues: [{ path: ["after"], message: QueryTexts.cursor }] };
    if (read === "other-order") {
      return { issues: [{ path: ["after"], message: QueryTexts.cursorOtherOrder }] };
    }
    cursor = read;
  }
  const filter: Filter | null =
    conditions.length === 0
      ? null
      : conditions.length === 1
        ? (conditions[0] as Condition)
        : { kind: "and", filters: conditions };
  return { query: { filter, orderBy: effectiveOrder, limit: limit as number, after: cursor } };
}

/**
 * The body's shape, as the published protocol (OpenAPI) shows it. Documentation only:
 * parseDocumentQuery checks the body, each refusal with its own message.
 */
const fieldShape = z
  .union([z.string(), z.array(z.string()).min(1).max(QUERY_LIMITS.pathParts)])
  .describe(
    'A path of keys ("address.city"), or the list of its keys; or id, createdAt, updatedAt.',
  );
const DocumentQueryShape = z.strictObject({
  where: z
    .array(
      z.strictObject({
        field: fieldShape,
        op: z.enum(QUERY_OPS),
        value: z
          .unknown()
          .describe("A JSON value; a list of 1 to 30 for in, not-in and array-contains-any."),
      }),
    )
    .max(QUERY_LIMITS.conditions)
    .optional(),
  orderBy: z
    .array(z.strictObject({ field: fieldShape, direction: z.enum(["asc", "desc"]) }))
    .max(QUERY_LIMITS.orderKeys)
    .optional(),
  limit: z.number().int().min(1).max(QUERY_LIMITS.limit).optional(),
  after: z.string().max(QUERY_LIMITS.cursorLength).optional().describe("A page's nextCursor."),
});
const { $schema: _, ...documentQueryJsonSchema } = z.toJSONSchema(DocumentQueryShape, {
  io: "input",
  target: "draft-2020-12",
});

/**
 * The body of `POST …/collections/:collection/query` and `…/count`, read into a DocumentQuery
 * (parseDocumentQuery; the first issue is the answer's message).
 */
export const DocumentQuerySchema = z
  .unknown()
  .transform((input, context): DocumentQuery => {
    const read = parseDocumentQuery(input ?? {});
    if (read.issues) {
      for (const issue of read.issues) {
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return read.query;
  })
  .meta({
    ...documentQueryJsonSchema,
    description: "A documents query (decision 038); a count reads its where only.",
  });

export const QueryResponseSchema = z.object({
  documents: z.array(
    z
      .object({ id: z.string(), createdAt: z.string(), fileUrl: z.string().optional() })
      .catchall(z.unknown()),
  ),
  nextCursor: z.string().nullable(),
});
export const CountResponseSchema = z.object({ count: z.number().int() });

// Cursors: base64url of JSON [order, positions, id], where `order` is the query's orderBy as
// written by orderSignature: a cursor read with another order is refused, not misread.

const orderSignature = (order: SortKey[]) =>
  order.map((key) => [fieldKey(key.field), key.direction]);

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** JSON with every character past ASCII escaped (`\uXXXX`), so one character is one byte. */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(
    /[\u007f-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

function toBase64Url(ascii: string): string {
  let out = "";
  for (let i = 0; i < ascii.length; i += 3) {
    const [a = 0, b = 0, c = 0] = [0, 1, 2].map((k) => ascii.charCodeAt(i + k) || 0);
    const bits = (a << 16) | (b << 8) | c;
    const chars = Math.min(4, Math.ceil(((ascii.length - i) * 8) / 6));
    for (let k = 0; k < chars; k++) out += BASE64URL[(bits >> (18 - 6 * k)) & 63];
  }
  return out;
}

function fromBase64Url(text: string): string | null {
  if (text.length % 4 === 1) return null;
  let out = "";
  for (let i = 0; i < text.length; i += 4) {
    const group = text.slice(i, i + 4);
    let bits = 0;
    for (let k = 0; k < 4; k++) {
      const index = k < group.length ? BASE64URL.indexOf(group.charAt(k)) : 0;
      if (index < 0) return null;
      bits = (bits << 6) | index;
    }
    const bytes = [(bits >> 16) & 255, (bits >> 8) & 255, bits & 255].slice(0, group.length - 1);
    for (const byte of bytes) {
      if (byte > 127) return null;
      out += String.fromCharCode(byte);
    }
  }
  // Only the canonical writing of these bytes is a cursor.
  return toBase64Url(out) === text ? out : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CURSOR_TIME = /^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

const writePosition = (position: SortPosition): JsonValue => {
  if (position.kind === "time") return position.time;
  if (position.kind === "id") return position.id;
  return position.value === undefined ? [position.rank] : [position.rank, position.value];
};

/** The cursor of a page whose last document stands at `positions` (one per key) with `id`. */
export function writeQueryCursor(order: SortKey[], cursor: QueryCursor): string {
  return toBase64Url(
    asciiJson([orderSignature(order), cursor.positions.map(writePosition), cursor.id]),
  );
}

function readPosition(key: SortKey, written: unknown): SortPosition | null {
  if (key.field.kind === "server") {
    if (typeof written !== "string") return null;
    if (key.field.name === "id") return UUID.test(written) ? { kind: "id", id: written } : null;
    if (!CURSOR_TIME.test(written) || normaliseQueryTime(written) !== written) return null;
    return { kind: "time", time: written };
  }
  if (!Array.isArray(written)) return null;
  const [rank, value] = written as [unknown, unknown];
  if (!SORT_RANKS.includes(rank as SortRank)) return null;
  if (rank === "number") {
    return written.length === 2 && typeof value === "number" && Number.isFinite(value)
      ? { kind: "data", rank, value }
      : null;
  }
  if (rank === "string") {
    return written.length === 2 && typeof value === "string" && isAllowedText(value, "multi-line")
      ? { kind: "data", rank, value }
      : null;
  }
  return written.length === 1 ? { kind: "data", rank: rank as SortRank } : null;
}

/**
 * A cursor read back for a query ordered by `order`: "invalid" for anything a page did not
 * write, "other-order" for a page's cursor of a query with another orderBy.
 */
export function readQueryCursor(
  text: string,
  order: SortKey[],
): QueryCursor | "invalid" | "other-order" {
  if (text.length > QUERY_LIMITS.cursorLength) return "invalid";
  const json = fromBase64Url(text);
  if (json === null) return "invalid";
  let written: unknown;
  try {
    written = JSON.parse(json);
  } catch {
    return "invalid";
  }
  if (!Array.isArray(written) || written.length !== 3) return "invalid";
  const [signature, positions, id] = written as [unknown, unknown, unknown];
  if (typeof id !== "string" || !UUID.test(id) || !Array.isArray(positions)) return "invalid";
  if (JSON.stringify(signature) !== JSON.stringify(orderSignature(order))) {
    return Array.isArray(signature) ? "other-order" : "invalid";
  }
  if (positions.length !== order.length) return "invalid";
  const read: SortPosition[] = [];
  for (const [index, key] of order.entries()) {
    const position = readPosition(key, positions[index]);
    if (!position) return "invalid";
    read.push(position);
  }
  return { positions: read, id };
}
