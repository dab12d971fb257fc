import { describe, expect, it } from "vitest";
import {
  DEFAULT_ORDER,
  normaliseQueryTime,
  parseDocumentQuery,
  QUERY_LIMITS,
  readQueryCursor,
  type SortKey,
  writeQueryCursor,
} from "./query";
import { QueryTexts } from "./texts";

const refusal = (input: unknown) => {
  const read = parseDocumentQuery(input);
  return read.issues?.[0]?.message;
};
const where = (field: unknown, op: unknown, value?: unknown) => ({
  where: [{ field, op, value }],
});

describe("parseDocumentQuery", () => {
  it("reads a body into the tree: paths, server fields, the default order and limit", () => {
    const read = parseDocumentQuery({
      where: [
        { field: "address.city", op: "==", value: "Lyon" },
        { field: ["a.b", "c"], op: "in", value: [1, "x"] },
        { field: "createdAt", op: ">=", value: "2026-11-27T10:30:00+01:00" },
      ],
    });
    expect(read).toEqual({
      query: {
        filter: {
          kind: "and",
          filters: [
            {
              kind: "condition",
              field: { kind: "data", path: ["address", "city"] },
              op: "==",
              value: "Lyon",
            },
            {
              kind: "condition",
              field: { kind: "data", path: ["a.b", "c"] },
              op: "in",
              value: [1, "x"],
            },
            {
              kind: "condition",
              field: { kind: "server", name: "createdAt" },
              op: ">=",
              value: "2026-11-27T09:30:00.000000Z",
            },
          ],
        },
        orderBy: DEFAULT_ORDER,
        limit: 100,
        after: null,
      },
    });
  });

  it("refuses each mistake with its own message, naming its place", () => {
    expect(refusal({ filter: 1 })).toBe(QueryTexts.unknownFields(["filter"]));
    expect(refusal({ where: {} })).toBe(QueryTexts.whereList);
    const many = Array.from({ length: QUERY_LIMITS.conditions + 1 }, () => ({
      field: "a",
      op: "==",
      value: 1,
    }));
    expect(refusal({ where: many })).toBe(QueryTexts.tooManyConditions(QUERY_LIMITS.conditions));
    expect(refusal({ where: [1] })).toBe(QueryTexts.condition("where[0]"));
    expect(refusal({ where: [{ field: "a", op: "==", value: 1, x: 1 }] })).toBe(
      QueryTexts.conditionUnknown("where[0]", ["x"]),
    );
    expect(refusal(where("", "==", 1))).toBe(QueryTexts.field("where[0].field"));
    expect(refusal(where(3, "==", 1))).toBe(QueryTexts.field("where[0].field"));
    expect(refusal(where("a..b", "==", 1))).toBe(QueryTexts.fieldEmptyPart("where[0].field"));
    expect(refusal(where(Array(21).fill("a"), "==", 1))).toBe(
      QueryTexts.fieldTooDeep("where[0].field", 20, 256),
    );
    expect(refusal(where("id.x", "==", 1))).toBe(
      QueryTexts.serverFieldPath("where[0].field", "id"),
    );
    expect(refusal(where("fileUrl", "==", 1))).toBe(
      QueryTexts.fieldNotQueryable("where[0].field", "fileUrl"),
    );
    expect(refusal(where("a", "like", 1))).toBe(QueryTexts.op("where[0].op"));
    expect(refusal(where("a", "=="))).toBe(QueryTexts.valueRequired("where[0].value"));
    expect(refusal(where("a", "<", null))).toBe(QueryTexts.rangeValue("where[0].value", "<"));
    expect(refusal(where("a", ">", [1]))).toBe(QueryTexts.rangeValue("where[0].value", ">"));
    expect(refusal(where("a", "in", []))).toBe(QueryTexts.listValue("where[0].value", "in", 30));
    expect(refusal(where("a", "not-in", Array(31).fill(1)))).toBe(
      QueryTexts.listValue("where[0].value", "not-in", 30),
    );
    expect(refusal(where("id", "array-contains", "x"))).toBe(
      QueryTexts.arrayOpOnServerField("where[0].value", "array-contains", "id"),
    );
    expect(refusal(where("id", "==", 1))).toBe(QueryTexts.idValue("where[0].value"));
    expect(refusal(where("updatedAt", "<", "2026-02-30T00:00:00Z"))).toBe(
      QueryTexts.timeValue("where[0].value", "updatedAt"),
    );
    expect(refusal({ orderBy: "a" })).toBe(QueryTexts.orderByList);
    expect(refusal({ orderBy: Array(6).fill({ field: "a", direction: "asc" }) })).toBe(
      QueryTexts.tooManyOrderKeys(5),
    );
    expect(refusal({ orderBy: [{ field: "a" }] })).toBe(
      QueryTexts.direction("orderBy[0].direction"),
    );
    expect(refusal({ orderBy: [{ field: "a", direction: "asc", x: 1 }] })).toBe(
      QueryTexts.orderKeyUnknown("orderBy[0]", ["x"]),
    );
    expect(
      refusal({
        orderBy: [
          { field: "a.b", direction: "asc" },
          { field: ["a", "b"], direction: "desc" },
        ],
      }),
    ).toBe(QueryTexts.orderTwice("orderBy[1]"));
    for (const limit of [0, 501, 1.5, "10"]) {
      expect(refusal({ limit })).toBe(QueryTexts.limit(500));
    }
    expect(refusal({ after: "nope" })).toBe(QueryTexts.cursor);
  });

  it("reads the cursors it writes, for the same order only", () => {
    const order: SortKey[] = [
      { field: { kind: "data", path: ["name"] }, direction: "asc" },
      { field: { kind: "data", path: ["total"] }, direction: "desc" },
      { field: { kind: "server", name: "updatedAt" }, direction: "asc" },
    ];
    const cursor = {
      positions: [
        { kind: "data" as const, rank: "string" as const, value: "é😀\"'\\ \t\n" },
        { kind: "data" as const, rank: "number" as const, value: 1e21 },
        { kind: "time" as const, time: "2026-11-27T09:30:00.123456Z" },
      ],
      id: "0a8cab61-ff19-40cb-877e-e75062dcaade",
    };
    const written = writeQueryCursor(order, cursor);
    expect(written).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readQueryCursor(written, order)).toEqual(cursor);
    expect(readQueryCursor(written, order.slice(0, 2))).toBe("other-order");
    expect(readQueryCursor(written, DEFAULT_ORDER)).toBe("other-order");
    // Any change of a character is not a cursor of ours (or one of another order).
    expect(readQueryCursor(`${written}A`, order)).toBe("invalid");
    expect(readQueryCursor(written.slice(0, -2), order)).toBe("invalid");
    const body = { orderBy: [{ field: "name", direction: "asc" }], after: written };
    expect(refusal(body)).toBe(QueryTexts.cursorOtherOrder);
  });

  it("normalises times to UTC microseconds, refusing dates that do not exist", () => {
    expect(normaliseQueryTime("2026-11-27T10:30:00.5+01:00")).toBe("2026-11-27T09:30:00.500000Z");
    expect(normaliseQueryTime("2024-02-29T00:00:00Z")).toBe("2024-02-29T00:00:00.000000Z");
    for (const bad of ["2026-02-29T00:00:00Z", "2026-11-27T24:00:00Z", "2026-11-27", "x"]) {
      expect(normaliseQueryTime(bad)).toBeNull();
    }
  });
});
