import { describe, expect, it } from "vitest";
import { CollectionIndexInputSchema, suggestedIndex } from "./indexes";
import { parseDocumentQuery } from "./query";
import { IndexTexts } from "./texts";

const read = (input: unknown) => {
  const parsed = parseDocumentQuery(input);
  if (parsed.issues) throw new Error(parsed.issues[0]?.message);
  return parsed.query;
};

describe("a declaration's fields", () => {
  it("are read as the query language reads fields: paths split, server fields by name", () => {
    expect(
      CollectionIndexInputSchema.parse({
        fields: [
          { field: "address.city", mode: "==" },
          { field: ["a.b", "c"], mode: "==" },
          { field: "createdAt", mode: "desc" },
        ],
      }),
    ).toEqual({
      fields: [
        { field: ["address", "city"], mode: "==" },
        { field: ["a.b", "c"], mode: "==" },
        { field: ["createdAt"], mode: "desc" },
      ],
    });
  });

  it("are refused at their place, each with its own message", () => {
    const issues = (fields: unknown) =>
      CollectionIndexInputSchema.safeParse({ fields }).error?.issues.map((issue) => ({
        path: issue.path,
        message: issue.message,
      }));
    expect(issues([])).toEqual([{ path: ["fields"], message: IndexTexts.fieldsList }]);
    expect(
      issues([
        { field: "price", mode: "asc" },
        { field: "status", mode: "==" },
      ]),
    ).toEqual([
      { path: ["fields", 1, "mode"], message: IndexTexts.equalityAfterOrder("fields[1].mode") },
    ]);
    expect(
      issues([
        { field: "a", mode: "asc" },
        { field: ["a"], mode: "desc" },
      ]),
    ).toEqual([
      { path: ["fields", 1, "field"], message: IndexTexts.fieldTwice("fields[1].field") },
    ]);
    expect(issues(Array.from({ length: 6 }, (_, n) => ({ field: `f${n}`, mode: "asc" })))).toEqual([
      { path: ["fields"], message: IndexTexts.tooManyOrderKeys(5) },
    ]);
  });
});

describe("the index a query suggests", () => {
  it("holds its equalities (of the conditions that must all hold), then its order", () => {
    expect(
      suggestedIndex(
        read({
          where: [
            { field: "price", op: ">", value: 3 },
            { field: "status", op: "==", value: "open" },
            { field: "tag", op: "in", value: ["a", "b"] },
          ],
          orderBy: [{ field: "price", direction: "desc" }],
        }),
      ),
    ).toEqual([
      { field: ["status"], mode: "==" },
      { field: ["tag"], mode: "==" },
      { field: ["price"], mode: "desc" },
    ]);
    // Without orderBy: the default order, newest first.
    expect(suggestedIndex(read({ where: [{ field: "status", op: "==", value: 1 }] }))).toEqual([
      { field: ["status"], mode: "==" },
      { field: ["createdAt"], mode: "desc" },
    ]);
  });
});
