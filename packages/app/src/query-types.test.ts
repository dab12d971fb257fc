import type { OPERATION_KEY } from "@hybridge/shared/data/protocol";
import type * as Shared from "@hybridge/shared/data/query";
import { describe, expectTypeOf, it } from "vitest";
import type * as Sdk from "./query";

// The SDK writes the query body's types out (its published .d.ts may not refer to
// @hybridge/shared); they must stay the server's.
describe("the SDK's query types", () => {
  it("are the query language's", () => {
    expectTypeOf<Sdk.QueryOp>().toEqualTypeOf<Shared.QueryOp>();
    expectTypeOf<Sdk.SortDirection>().toEqualTypeOf<Shared.SortDirection>();
    expectTypeOf<Sdk.FieldInput>().toEqualTypeOf<Shared.FieldInput>();
    expectTypeOf<Sdk.ConditionInput>().toEqualTypeOf<Shared.ConditionInput>();
    expectTypeOf<Sdk.SortKeyInput>().toEqualTypeOf<Shared.SortKeyInput>();
    expectTypeOf<Sdk.DocumentQueryInput>().toEqualTypeOf<Shared.DocumentQueryInput>();
  });

  it("write an operation's key as the server reads it", () => {
    // db.ts's FieldOperation spells the key out, for the same reason.
    expectTypeOf<typeof OPERATION_KEY>().toEqualTypeOf<"$op">();
  });
});
