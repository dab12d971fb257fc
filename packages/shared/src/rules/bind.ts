import {
  compareSameType,
  dataAt,
  type Found,
  jsonEqual,
  type MatchDocument,
  MISSING,
  matchesCondition,
} from "../data/match";
import {
  type Condition,
  type FieldRef,
  type JsonValue,
  normaliseQueryTime,
  type QueryOp,
} from "../data/query";
import type { Operand, RuleExpression, RuleOp } from "./expression";

// A rule bound to one request (decision 044): `auth` and `data` are known, so every comparison
// is either decided at once (true or false) or a condition on the stored document — the
// documents query's own Condition, which the server compiles to SQL with the query compiler and
// the evaluator (data/match.ts) decides in TypeScript. Semantics, written once:
//
// - A comparison reads its two sides. A missing field (of doc or data), a field of `auth` when
//   nobody is signed in: the comparison is false, whatever the operator (as a query's missing
//   field). `auth == null` is true when nobody is signed in.
// - == and != are JSON equality (same type; numbers by value; arrays in order; objects by keys).
// - <, <=, >, >= compare two numbers, two strings (by code point) or two booleans; otherwise false.
// - `x in [list]` is true when x equals one of the list; `list contains x` the same. On a
//   document's field: `doc.f in [..]` is a query's `in`, `x in doc.f` and `doc.f contains x` a
//   query's `array-contains`.
// - doc.id, doc.createdAt, doc.updatedAt compare with strings (a time in ISO 8601); another
//   value makes the comparison false.
// - ! is "not": !(comparison) is true when the comparison is false, missing fields included.

/** The signed-in user a rule reads as `auth`, or null. */
export type RuleAuth = { id: string; email: string; verified: boolean } | null;

/** A rule bound to a request: decided, or a tree of conditions on the stored document. */
export type BoundRule =
  | { kind: "constant"; value: boolean }
  | Condition
  | { kind: "not"; rule: BoundRule }
  | { kind: "and" | "or"; rules: BoundRule[] };

export type RuleContext = {
  auth: RuleAuth;
  /** The written document (create: the new one; update: as it will be after the write). */
  data?: Record<string, JsonValue>;
};

const TRUE: BoundRule = { kind: "constant", value: true };
const FALSE: BoundRule = { kind: "constant", value: false };
const decided = (value: boolean): BoundRule => (value ? TRUE : FALSE);

type Side = { known: true; value: Found } | { known: false; field: FieldRef };

function sideOf(operand: Operand, context: RuleContext): Side {
  switch (operand.kind) {
    case "literal":
      return { known: true, value: operand.value };
    case "auth": {
      const { auth } = context;
      if (operand.field === null) return { known: true, value: auth === null ? null : "signed-in" };
      return { known: true, value: auth === null ? MISSING : auth[operand.field] };
    }
    case "data":
      return {
        known: true,
        value: context.data ? dataAt(context.data, operand.path) : MISSING,
      };
    case "doc":
      return { known: false, field: operand.field };
  }
}

const RANGE: Record<string, (c: number) => boolean> = {
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

/** A comparison of two known values. */
function compareValues(left: Found, op: RuleOp, right: Found): boolean {
  if (left === MISSING || right === MISSING) return false;
  switch (op) {
    case "==":
      return jsonEqual(left, right);
    case "!=":
      return !jsonEqual(left, right);
    case "in":
      return Array.isArray(right) && right.some((one) => jsonEqual(left, one));
    case "contains":
      return Array.isArray(left) && left.some((one) => jsonEqual(one, right));
    default: {
      const compared = compareSameType(left, right);
      return compared !== null && (RANGE[op] as (c: number) => boolean)(compared);
    }
  }
}

const FLIPPED: Record<string, QueryOp> = { "<": ">", "<=": ">=", ">": "<", ">=": "<=" };

/** `field op value` (the field on either side) as a query condition, or decided. */
function condition(field: FieldRef, op: RuleOp, value: Found, fieldFirst: boolean): BoundRule {
  if (value === MISSING) return FALSE;
  let queryOp: QueryOp;
  switch (op) {
    case "==":
    case "!=":
      queryOp = op;
      break;
    case "in":
      // doc.f in [..]: equals one; x in doc.f: doc.f holds x.
      if (!fieldFirst) queryOp = "array-contains";
      else if (!Array.isArray(value) || value.length === 0) return FALSE;
      else queryOp = "in";
      break;
    case "contains":
      // doc.f contains x: doc.f holds x; [..] contains doc.f: doc.f equals one.
      if (fieldFirst) queryOp = "array-contains";
      else if (!Array.isArray(value) || value.length === 0) return FALSE;
      else queryOp = "in";
      break;
    default:
      if (value === null || typeof value === "object") return FALSE;
      queryOp = fieldFirst ? op : (FLIPPED[op] as QueryOp);
  }
  if (field.kind === "server") {
    if (queryOp === "array-contains") return FALSE;
    const values = queryOp === "in" ? (value as JsonValue[]) : [value];
    if (values.some((one) => typeof one !== "string")) return FALSE;
    if (field.name !== "id") {
      const times = (values as string[]).map(normaliseQueryTime);
      if (times.some((time) => time === null)) return FALSE;
      return {
        kind: "condition",
        field,
        op: queryOp,
        value: queryOp === "in" ? (times as string[]) : (times[0] as string),
      };
    }
  }
  return { kind: "condition", field, op: queryOp, value };
}

/** Binds `rule` to a request: auth and data become values; doc stays the stored document's. */
export function bindRule(rule: RuleExpression, context: RuleContext): BoundRule {
  switch (rule.kind) {
    case "constant":
      return decided(rule.value);
    case "not": {
      const inner = bindRule(rule.rule, context);
      return inner.kind === "constant" ? decided(!inner.value) : { kind: "not", rule: inner };
    }
    case "and":
    case "or": {
      const stop = rule.kind === "or";
      const rules: BoundRule[] = [];
      for (const one of rule.rules) {
        const bound = bindRule(one, context);
        if (bound.kind === "constant") {
          if (bound.value === stop) return decided(stop);
          continue;
        }
        rules.push(bound);
      }
      if (rules.length === 0) return decided(!stop);
      return rules.length === 1 ? (rules[0] as BoundRule) : { kind: rule.kind, rules };
    }
    case "compare": {
      const left = sideOf(rule.left, context);
      const right = sideOf(rule.right, context);
      if (left.known && right.known)
        return decided(compareValues(left.value, rule.op, right.value));
      if (!left.known)
        return condition(left.field, rule.op, (right as { value: Found }).value, true);
      return condition((right as { field: FieldRef }).field, rule.op, left.value, false);
    }
  }
}

/** Whether a bound rule holds for a stored document (the evaluator of data/match.ts). */
export function ruleHolds(rule: BoundRule, document: MatchDocument | null): boolean {
  switch (rule.kind) {
    case "constant":
      return rule.value;
    case "condition":
      return document !== null && matchesCondition(document, rule);
    case "not":
      return !ruleHolds(rule.rule, document);
    case "and":
      return rule.rules.every((one) => ruleHolds(one, document));
    case "or":
      return rule.rules.some((one) => ruleHolds(one, document));
  }
}

/** Whether a bound rule reads the stored document (otherwise it is decided). */
export const readsDocument = (rule: BoundRule) => rule.kind !== "constant";

const FIELD_NAME = (field: FieldRef) =>
  field.kind === "server" ? `doc.${field.name}` : `doc.${field.path.join(".")}`;

/** A bound rule as text, for the console's tester: `doc.owner == "u-1" && doc.open == true`. */
export function describeRule(rule: BoundRule): string {
  switch (rule.kind) {
    case "constant":
      return String(rule.value);
    case "condition": {
      const op =
        rule.op === "array-contains"
          ? "contains"
          : rule.op === "array-contains-any"
            ? "contains any of"
            : rule.op;
      return `${FIELD_NAME(rule.field)} ${op} ${JSON.stringify(rule.value)}`;
    }
    case "not":
      return `!(${describeRule(rule.rule)})`;
    case "and":
    case "or":
      return rule.rules
        .map((one) =>
          one.kind === "and" || one.kind === "or" ? `(${describeRule(one)})` : describeRule(one),
        )
        .join(rule.kind === "and" ? " && " : " || ");
  }
}
