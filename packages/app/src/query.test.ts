import type { OPERATION_KEY } from "@hybridge/shared/data/protocol";
import type * as Shared from "@hybridge/shared/data/query";
import { describe, expectTypeOf, it } from "vitest";
import type { FieldOperation } from "./db";
import type { DocumentQueryInput, FieldInput, QueryOp, SortDirection } from "./query";

// The SDK writes out the query language's types (its declarations may not refer to
// @hybridge/shared): they must stay the shared ones.
describe("the SDK's copies of the shared types", () => {
  it("are the query language's input types, and the operation key", () => {
    expectTypeOf<QueryOp>().toEqualTypeOf<Shared.QueryOp>();
    expectTypeOf<SortDirection>().toEqualTypeOf<Shared.SortDirection>();
    expectTypeOf<FieldInput>().toEqualTypeOf<Shared.FieldInput>();
    expectTypeOf<DocumentQueryInput>().toEqualTypeOf<Shared.DocumentQueryInput>();
    expectTypeOf<keyof FieldOperation>().toEqualTypeOf<typeof OPERATION_KEY>();
  });
});
