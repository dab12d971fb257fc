import {
  compareSameType,
  compareText,
  dataAt,
  type Found,
  type MatchDocument,
  MISSING,
  matches,
  typeOf,
} from "@hybridge/shared/data/match";
import type { FieldRef, Filter, SortKey, SortRank } from "@hybridge/shared/data/query";

// The documents query's order (decision 038) as a plain evaluator, with the filter's
// (packages/shared/src/data/match.ts): what the property tests compare the database's answers
// with. Written from the decision, not from compile-query.ts.

/** A document as the oracle sees it: its data, id, and times in UTC to the microsecond. */
export type OracleDocument = MatchDocument;

const serverValue = (document: OracleDocument, field: FieldRef & { kind: "server" }) =>
  document[field.name];

const RANKS: SortRank[] = [
  "missing",
  "null",
  "false",
  "true",
  "number",
  "string",
  "array",
  "object",
];

function rankOf(found: Found): number {
  if (found === MISSING) return 0;
  if (found === null) return 1;
  if (found === false) return 2;
  if (found === true) return 3;
  return RANKS.indexOf(typeOf(found) as SortRank);
}

/** The order of two documents under one key, ascending. */
function compareKey(a: OracleDocument, b: OracleDocument, field: FieldRef): number {
  if (field.kind === "server") return compareText(serverValue(a, field), serverValue(b, field));
  const x = dataAt(a.data, field.path);
  const y = dataAt(b.data, field.path);
  const ranks = rankOf(x) - rankOf(y);
  if (ranks !== 0) return Math.sign(ranks);
  if (x === MISSING || y === MISSING) return 0;
  if (typeof x === "number" || typeof x === "string") return compareSameType(x, y) ?? 0;
  return 0;
}

/** The documents a query answers, in its order (its keys, then id in the last key's direction). */
export function runQuery(
  all: OracleDocument[],
  filter: Filter | null,
  order: SortKey[],
): OracleDocument[] {
  const last = order.at(-1)?.direction ?? "desc";
  return all
    .filter((document) => matches(document, filter))
    .sort((a, b) => {
      for (const key of order) {
        const compared = compareKey(a, b, key.field);
        if (compared !== 0) return key.direction === "asc" ? compared : -compared;
      }
      const byId = compareText(a.id, b.id);
      return last === "asc" ? byId : -byId;
    });
}
