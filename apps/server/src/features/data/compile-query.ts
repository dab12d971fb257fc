import {
  type Condition,
  DEFAULT_ORDER,
  type FieldRef,
  type Filter,
  type JsonValue,
  LIST_OPS,
  type QueryCursor,
  SORT_RANKS,
  type SortDirection,
  type SortKey,
  type SortPosition,
  type SortRank,
} from "@hybridge/shared/data/query";
import { DOCUMENT_ID } from "@hybridge/shared/data/schemas";
import type { BoundRule } from "@hybridge/shared/rules/bind";
import { type SQL, sql } from "drizzle-orm";
import { documents } from "../../platform/db/schema";

// The only place a documents query (packages/shared/src/data/query.ts) becomes SQL; decision 038
// has its semantics. Every key of a field path and every value is a parameter: the SQL text is
// made of this file's constants alone (operators and type names from closed lists).

const TRUE = sql`true`;
const FALSE = sql`false`;

/** A JSON value as a jsonb parameter. */
const json = (value: JsonValue) => sql`${JSON.stringify(value)}::jsonb`;

/**
 * The data paths a collection's documents hold in `indexed` as well (decision 065): the paths
 * of its ready declared indexes, each by its key (pathKey). A condition or an order on one of
 * them reads `indexed`, which the declared indexes are built over; on any other, `data`.
 */
export type IndexedPaths = ReadonlySet<string>;
export const NO_INDEXED_PATHS: IndexedPaths = new Set();
/** A path's key in `indexed` (the database's data_at and document_indexed use the same). */
export const pathKey = (path: string[]) => JSON.stringify(path);

/**
 * The jsonb value at a path of keys (`data -> $1 -> $2`); SQL NULL when the document lacks it,
 * or when a key meets an array or a scalar: paths never index into arrays. A path in `indexed`
 * is read from the column that holds it (`indexed -> $key`, the same value: migration 0028).
 */
function dataValue(path: string[], indexed: IndexedPaths): SQL {
  const key = pathKey(path);
  if (indexed.has(key)) return sql`(${documents.indexed} -> ${key}::text)`;
  let value = sql`${documents.data}`;
  for (const step of path) value = sql`(${value} -> ${step}::text)`;
  return value;
}

const typeIs = (value: SQL, type: "number" | "string" | "boolean" | "array") =>
  sql`jsonb_typeof(${value}) = ${sql.raw(`'${type}'`)}`;
/** A string's text, compared by code point (the bytes of UTF-8, collation "C"). */
const text = (value: SQL) => sql`(${value} #>> '{}') collate "C"`;

const COMPARE: Record<"<" | "<=" | ">" | ">=", SQL> = {
  "<": sql.raw("<"),
  "<=": sql.raw("<="),
  ">": sql.raw(">"),
  ">=": sql.raw(">="),
};

/** Whether the array `value` has an element equal to `element` (exact JSON equality). */
function arrayContains(value: SQL, element: JsonValue): SQL {
  if (element === null || typeof element !== "object") {
    // For a scalar, containment is element equality (jsonb's @> compares an array's own
    // elements only), and an index on the data can answer it.
    return sql`(${typeIs(value, "array")} and ${value} @> jsonb_build_array(${json(element)}))`;
  }
  // For an array or an object @> would also take a larger one ([{a:1,b:2}] @> [{a:1}]).
  return sql`exists (select 1 from jsonb_array_elements(case when ${typeIs(value, "array")} then ${value} else '[]'::jsonb end) as element(value) where element.value = ${json(element)})`;
}

function dataCondition(
  path: string[],
  op: Condition["op"],
  value: JsonValue,
  indexed: IndexedPaths,
): SQL {
  const field = dataValue(path, indexed);
  switch (op) {
    case "==":
      return sql`(${field} = ${json(value)})`;
    case "!=":
      // A missing field is SQL NULL: never "not equal".
      return sql`(${field} <> ${json(value)})`;
    case "in":
      return sql`(${field} in (${sql.join((value as JsonValue[]).map(json), sql`, `)}))`;
    case "not-in":
      return sql`(${field} not in (${sql.join((value as JsonValue[]).map(json), sql`, `)}))`;
    case "array-contains":
      return arrayContains(field, value);
    case "array-contains-any":
      return sql`(${sql.join(
        (value as JsonValue[]).map((element) => arrayContains(field, element)),
        sql` or `,
      )})`;
    default: {
      // Ranges compare a value of the same JSON type only.
      const compare = COMPARE[op];
      if (typeof value === "string") {
        return sql`(${typeIs(field, "string")} and ${text(field)} ${compare} ${value}::text)`;
      }
      const type = typeof value === "number" ? "number" : "boolean";
      return sql`(${typeIs(field, type)} and ${field} ${compare} ${json(value)})`;
    }
  }
}

const isId = (value: JsonValue): value is string =>
  typeof value === "string" && DOCUMENT_ID.test(value);

function idCondition(op: Condition["op"], value: JsonValue): SQL {
  const id = documents.id;
  switch (op) {
    case "==":
      return isId(value) ? sql`(${id} = ${value}::uuid)` : FALSE;
    case "!=":
      return isId(value) ? sql`(${id} <> ${value}::uuid)` : TRUE;
    case "in":
    case "not-in": {
      const ids = (value as JsonValue[]).filter(isId);
      if (ids.length === 0) return op === "in" ? FALSE : TRUE;
      const list = sql.join(
        ids.map((one) => sql`${one}::uuid`),
        sql`, `,
      );
      return op === "in" ? sql`(${id} in (${list}))` : sql`(${id} not in (${list}))`;
    }
    case "<":
    case "<=":
    case ">":
    case ">=":
      // An id is its text (lowercase, as answered), compared by code point.
      return sql`((${id}::text collate "C") ${COMPARE[op]} ${value as string}::text)`;
    default:
      return FALSE;
  }
}

function timeCondition(column: SQL, op: Condition["op"], value: JsonValue): SQL {
  const times = (LIST_OPS.has(op) ? (value as string[]) : [value as string]).map(
    (time) => sql`${time}::timestamptz`,
  );
  switch (op) {
    case "==":
      return sql`(${column} = ${times[0]})`;
    case "!=":
      return sql`(${column} <> ${times[0]})`;
    case "in":
      return sql`(${column} in (${sql.join(times, sql`, `)}))`;
    case "not-in":
      return sql`(${column} not in (${sql.join(times, sql`, `)}))`;
    case "<":
    case "<=":
    case ">":
    case ">=":
      return sql`(${column} ${COMPARE[op]} ${times[0]})`;
    default:
      return FALSE;
  }
}

const serverColumn = (name: "createdAt" | "updatedAt") =>
  name === "createdAt" ? sql`${documents.createdAt}` : sql`${documents.updatedAt}`;

/** A filter as an SQL condition on the documents table. */
export function compileFilter(filter: Filter, indexed: IndexedPaths = NO_INDEXED_PATHS): SQL {
  if (filter.kind === "and" || filter.kind === "or") {
    if (filter.filters.length === 0) return filter.kind === "and" ? TRUE : FALSE;
    const joiner = filter.kind === "and" ? sql` and ` : sql` or `;
    return sql`(${sql.join(
      filter.filters.map((one) => compileFilter(one, indexed)),
      joiner,
    )})`;
  }
  const { field, op, value } = filter;
  if (field.kind === "data") return dataCondition(field.path, op, value, indexed);
  if (field.name === "id") return idCondition(op, value);
  return timeCondition(serverColumn(field.name), op, value);
}

/**
 * An access rule bound to a request (decision 044) as an SQL condition on the documents table:
 * its conditions are the query's (compileFilter), and `!` is "not true" (a condition on a
 * missing field is SQL NULL, which a rule reads as false, so its negation holds).
 */
export function compileRule(rule: BoundRule, indexed: IndexedPaths = NO_INDEXED_PATHS): SQL {
  switch (rule.kind) {
    case "constant":
      return rule.value ? TRUE : FALSE;
    case "condition":
      return compileFilter(rule, indexed);
    case "not":
      return sql`(not coalesce(${compileRule(rule.rule, indexed)}, false))`;
    case "and":
    case "or":
      return sql`(${sql.join(
        rule.rules.map((one) => compileRule(one, indexed)),
        rule.kind === "and" ? sql` and ` : sql` or `,
      )})`;
  }
}

// Sorting. A data key sorts by three values: its rank among JSON types (SORT_RANKS: a missing
// field first), then a number's value, then a string's text by code point. Arrays and objects
// are equal among themselves. Every key is then broken by id, in the last key's direction.

const RANK_OF = Object.fromEntries(SORT_RANKS.map((rank, index) => [rank, index])) as Record<
  SortRank,
  number
>;

const rankOf = (value: SQL) =>
  sql<number>`(case jsonb_typeof(${value}) when 'null' then 1 when 'boolean' then (case when ${value} = 'true'::jsonb then 3 else 2 end) when 'number' then 4 when 'string' then 5 when 'array' then 6 when 'object' then 7 else 0 end)`;
const numberOf = (value: SQL) => sql`(case when ${typeIs(value, "number")} then ${value} end)`;
const textOf = (value: SQL) =>
  sql`((case when ${typeIs(value, "string")} then ${value} #>> '{}' end) collate "C")`;

const after = (key: SortKey) => sql.raw(key.direction === "asc" ? ">" : "<");

/** One term of an order: an expression and its direction. */
export type OrderTerm = { value: SQL; direction: SortDirection };

/**
 * The terms a query is sorted by: its keys (three per data key), then id in the last key's
 * direction. The ORDER BY (compileOrder) and a declared index (indexTerms) are made of them,
 * so that PostgreSQL sees the same expressions in both.
 */
export function orderTerms(
  order: SortKey[],
  indexed: IndexedPaths = NO_INDEXED_PATHS,
): OrderTerm[] {
  const terms: OrderTerm[] = [];
  for (const key of order) {
    const { direction } = key;
    if (key.field.kind === "data") {
      const value = dataValue(key.field.path, indexed);
      terms.push(
        { value: rankOf(value), direction },
        { value: numberOf(value), direction },
        { value: textOf(value), direction },
      );
    } else if (key.field.name === "id") {
      terms.push({ value: sql`${documents.id}`, direction });
    } else {
      terms.push({ value: serverColumn(key.field.name), direction });
    }
  }
  const last = order.at(-1);
  if (!(last?.field.kind === "server" && last.field.name === "id")) {
    terms.push({ value: sql`${documents.id}`, direction: last?.direction ?? "desc" });
  }
  return terms;
}

/** The ORDER BY of a query: its keys, then id. */
export function compileOrder(order: SortKey[], indexed: IndexedPaths = NO_INDEXED_PATHS): SQL[] {
  return orderTerms(order, indexed).map(
    (term) => sql`${term.value} ${sql.raw(term.direction === "asc" ? "asc" : "desc")}`,
  );
}

/** What an equality (`==`, `in`) on a field compares: a data path's jsonb value, or a column. */
export function equalityTerm(field: FieldRef, indexed: IndexedPaths = NO_INDEXED_PATHS): SQL {
  if (field.kind === "data") return dataValue(field.path, indexed);
  return field.name === "id" ? sql`${documents.id}` : serverColumn(field.name);
}

/**
 * The columns of an index declared for equalities on some fields, then an order (decision
 * 041): each equality's compared expression, then the order's terms (the default order's when
 * none). Written with the same functions as a query's WHERE and ORDER BY, so that a query
 * with those equalities and that order is read from the index in order, without a sort.
 */
export function indexTerms(
  equalities: FieldRef[],
  order: SortKey[],
  indexed: IndexedPaths = NO_INDEXED_PATHS,
): OrderTerm[] {
  return [
    ...equalities.map(
      (field): OrderTerm => ({ value: equalityTerm(field, indexed), direction: "asc" }),
    ),
    ...orderTerms(order.length > 0 ? order : DEFAULT_ORDER, indexed),
  ];
}

/**
 * The columns a page's last row needs for its cursor, beside the document's own (its `id`, and
 * its `createdAt` and `updatedAt` to the microsecond, as documents.ts reads them): per data key,
 * `k{n}` (its rank) and, for a number or a string, `v{n}`.
 */
export function sortColumns(
  order: SortKey[],
  indexed: IndexedPaths = NO_INDEXED_PATHS,
): Record<string, SQL> {
  const columns: Record<string, SQL> = {};
  order.forEach((key, index) => {
    if (key.field.kind === "data") {
      const value = dataValue(key.field.path, indexed);
      columns[`k${index}`] = sql<number>`${rankOf(value)}`.mapWith(Number);
      // As text: both drivers answer text alike (jsonb they may or may not parse).
      columns[`v${index}`] =
        sql<string>`(case when jsonb_typeof(${value}) in ('number', 'string') then ${value} #>> '{}' end)`;
    }
  });
  return columns;
}

/**
 * A page's last row (the document's columns, with sortColumns) as the next page's cursor; its
 * times are those to the microsecond.
 */
export function cursorOf(
  order: SortKey[],
  row: Record<string, unknown> & { id: string; createdAt: string; updatedAt: string },
) {
  const positions = order.map((key, index): SortPosition => {
    if (key.field.kind === "server") {
      return key.field.name === "id"
        ? { kind: "id", id: row.id }
        : { kind: "time", time: row[key.field.name] };
    }
    const rank = SORT_RANKS[Number(row[`k${index}`])] ?? "missing";
    const value = String(row[`v${index}`]);
    // A stored number is the shortest decimal of a double: it reads back to the same double.
    if (rank === "number") return { kind: "data", rank, value: Number(value) };
    return rank === "string" ? { kind: "data", rank, value } : { kind: "data", rank };
  });
  return { positions, id: row.id } satisfies QueryCursor;
}

/** Strictly after and level with one key's position, as SQL conditions. */
function keyBounds(
  key: SortKey,
  position: SortPosition,
  indexed: IndexedPaths,
): { after: SQL; level: SQL } {
  const gt = after(key);
  if (position.kind === "id") {
    return {
      after: sql`${documents.id} ${gt} ${position.id}::uuid`,
      level: sql`${documents.id} = ${position.id}::uuid`,
    };
  }
  if (position.kind === "time") {
    const column = serverColumn((key.field as { name: "createdAt" | "updatedAt" }).name);
    return {
      after: sql`${column} ${gt} ${position.time}::timestamptz`,
      level: sql`${column} = ${position.time}::timestamptz`,
    };
  }
  const value = dataValue((key.field as { path: string[] }).path, indexed);
  const rank = rankOf(value);
  const place = RANK_OF[position.rank];
  const sameRank = sql`${rank} = ${place}::int`;
  const pastRank = sql`${rank} ${gt} ${place}::int`;
  if (position.rank === "number") {
    const v = json(position.value as number);
    return {
      after: sql`(${pastRank} or (${sameRank} and ${numberOf(value)} ${gt} ${v}))`,
      level: sql`(${sameRank} and ${numberOf(value)} = ${v})`,
    };
  }
  if (position.rank === "string") {
    const v = sql`${position.value as string}::text`;
    return {
      after: sql`(${pastRank} or (${sameRank} and ${textOf(value)} ${gt} ${v}))`,
      level: sql`(${sameRank} and ${textOf(value)} = ${v})`,
    };
  }
  return { after: pastRank, level: sameRank };
}

/** The documents strictly after the cursor's place in the order (its keys, then id). */
export function compileAfter(
  order: SortKey[],
  cursor: QueryCursor,
  indexed: IndexedPaths = NO_INDEXED_PATHS,
): SQL {
  const last = order.at(-1);
  const lastIsId = last?.field.kind === "server" && last.field.name === "id";
  // Times only, one direction (the default order among them): one row comparison with id,
  // which an index on those columns reads as a range instead of filtering from its start.
  const times = order.flatMap((key) =>
    key.field.kind === "server" && key.field.name !== "id" && key.direction === last?.direction
      ? [serverColumn(key.field.name)]
      : [],
  );
  if (last && times.length === order.length) {
    const values = cursor.positions.map(
      (position) => sql`${(position as { time: string }).time}::timestamptz`,
    );
    return sql`((${sql.join([...times, sql`${documents.id}`], sql`, `)}) ${after(last)} (${sql.join(
      [...values, sql`${cursor.id}::uuid`],
      sql`, `,
    )}))`;
  }
  // From the last key inwards: after(k) or (level(k) and rest).
  let rest: SQL | null = lastIsId
    ? null
    : sql`${documents.id} ${last ? after(last) : sql.raw("<")} ${cursor.id}::uuid`;
  for (let index = order.length - 1; index >= 0; index--) {
    const bounds = keyBounds(
      order[index] as SortKey,
      cursor.positions[index] as SortPosition,
      indexed,
    );
    rest = rest ? sql`(${bounds.after} or (${bounds.level} and ${rest}))` : bounds.after;
  }
  return rest ?? TRUE;
}
