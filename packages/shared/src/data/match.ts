import type { Condition, FieldRef, Filter, JsonValue } from "./query";

// The documents query's semantics (decision 038) as a plain evaluator, written from the
// decision, not from the SQL compiler (apps/server/src/features/data/compile-query.ts): the
// property tests compare the database's answers with it, and access rules (decision 044) use it
// where a rule is decided in TypeScript (a create's data, an update's document before and after).

/** A document as the evaluator sees it: its data, id, and times in UTC to the microsecond. */
export type MatchDocument = {
  id: string;
  data: Record<string, JsonValue>;
  createdAt: string;
  updatedAt: string;
};

/** What a path finds where the document has no value. */
export const MISSING: unique symbol = Symbol("missing");
export type Found = JsonValue | typeof MISSING;

export const isObject = (value: unknown): value is Record<string, JsonValue> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value at a data path: keys only, through objects only. */
export function dataAt(data: Record<string, JsonValue>, path: string[]): Found {
  let current: JsonValue = data;
  for (const key of path) {
    if (!isObject(current) || !Object.hasOwn(current, key)) return MISSING;
    current = current[key] as JsonValue;
  }
  return current;
}

function serverValue(document: MatchDocument, field: FieldRef & { kind: "server" }): string {
  return document[field.name];
}

/** Strings by code point (not by UTF-16 unit, as `<` would). */
export function compareText(a: string, b: string): number {
  const left = Array.from(a);
  const right = Array.from(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const x = (left[i] as string).codePointAt(0) as number;
    const y = (right[i] as string).codePointAt(0) as number;
    if (x !== y) return x < y ? -1 : 1;
  }
  return Math.sign(left.length - right.length);
}

export const typeOf = (value: JsonValue) =>
  value === null ? "null" : Array.isArray(value) ? "array" : typeof value;

/** Exact JSON equality: same type, numbers by value, arrays in order, objects by their keys. */
export function jsonEqual(a: JsonValue, b: JsonValue): boolean {
  if (typeOf(a) !== typeOf(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => jsonEqual(item, b[i] as JsonValue));
  }
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return (
      keys.length === Object.keys(b).length &&
      keys.every(
        (key) => Object.hasOwn(b, key) && jsonEqual(a[key] as JsonValue, b[key] as JsonValue),
      )
    );
  }
  return a === b;
}

/** -1, 0 or 1 for two values of one scalar type; null when they cannot be compared. */
export function compareSameType(a: JsonValue, b: JsonValue): number | null {
  if (typeof a === "number" && typeof b === "number") return Math.sign(a - b) || 0;
  if (typeof a === "string" && typeof b === "string") return compareText(a, b);
  if (typeof a === "boolean" && typeof b === "boolean") return Number(a) - Number(b);
  return null;
}

const RANGE: Record<string, (c: number) => boolean> = {
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

export function matchesCondition(document: MatchDocument, condition: Condition): boolean {
  const { field, op, value } = condition;
  const list = Array.isArray(value) ? value : [];
  if (field.kind === "server") {
    const own = serverValue(document, field);
    switch (op) {
      case "==":
        return own === value;
      case "!=":
        return own !== value;
      case "in":
        return list.includes(own);
      case "not-in":
        return !list.includes(own);
      default: {
        const range = RANGE[op];
        return range ? range(compareText(own, value as string)) : false;
      }
    }
  }
  const found = dataAt(document.data, field.path);
  if (found === MISSING) return false;
  switch (op) {
    case "==":
      return jsonEqual(found, value);
    case "!=":
      return !jsonEqual(found, value);
    case "in":
      return list.some((one) => jsonEqual(found, one));
    case "not-in":
      return !list.some((one) => jsonEqual(found, one));
    case "array-contains":
      return Array.isArray(found) && found.some((element) => jsonEqual(element, value));
    case "array-contains-any":
      return (
        Array.isArray(found) && found.some((element) => list.some((one) => jsonEqual(element, one)))
      );
    default: {
      const compared = compareSameType(found, value);
      return compared !== null && (RANGE[op] as (c: number) => boolean)(compared);
    }
  }
}

export function matches(document: MatchDocument, filter: Filter | null): boolean {
  if (filter === null) return true;
  if (filter.kind === "and") return filter.filters.every((one) => matches(document, one));
  if (filter.kind === "or") return filter.filters.some((one) => matches(document, one));
  return matchesCondition(document, filter);
}
