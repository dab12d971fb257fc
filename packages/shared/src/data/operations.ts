import { z } from "zod";
import { type DataOperation, DataOperations, OPERATION_KEY, RESERVED_FIELDS } from "./protocol";
import { DataTexts } from "./texts";

/**
 * The operations an update may hold as top-level values (decision 037), each a JSON object
 * whose `$op` names it: what `db.deleteField()`, `db.increment(n)`, `db.arrayUnion(...)` and
 * `db.arrayRemove(...)` return. Anything else with a `$op` key is refused, wherever it is: such
 * an object is never stored, so a mistyped operation cannot be kept as data without a word.
 */
export const FieldOperationSchemas = {
  delete: z.strictObject({ $op: z.literal("delete") }),
  increment: z.strictObject({ $op: z.literal("increment"), by: z.number().finite() }),
  arrayUnion: z.strictObject({ $op: z.literal("arrayUnion"), values: z.array(z.unknown()) }),
  arrayRemove: z.strictObject({ $op: z.literal("arrayRemove"), values: z.array(z.unknown()) }),
} as const satisfies Record<DataOperation, z.ZodType>;
export const FieldOperationSchema = z.discriminatedUnion(OPERATION_KEY, [
  FieldOperationSchemas.delete,
  FieldOperationSchemas.increment,
  FieldOperationSchemas.arrayUnion,
  FieldOperationSchemas.arrayRemove,
]);
export type FieldOperation = z.infer<typeof FieldOperationSchema>;

/** The JSON body of an update: top-level fields, each a value or an operation. */
export const DocumentUpdateSchema = z.record(z.string(), z.unknown(), {
  error: DataTexts.notAnObject,
});

/** Whether `value` is an object carrying `$op`: an operation, well formed or not. */
export function looksLikeOperation(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.hasOwn(value, OPERATION_KEY)
  );
}

/**
 * The path (`a.b.0`) of the first object carrying `$op` inside `value`, `value` itself
 * included, named from `field`; null when there is none. JSON bodies nest 100 levels at most
 * (MAX_JSON_DEPTH), so the recursion is bounded.
 */
export function findOperation(value: unknown, field: string): string | null {
  if (typeof value !== "object" || value === null) return null;
  if (looksLikeOperation(value)) return field;
  for (const [key, entry] of Object.entries(value)) {
    const found = findOperation(entry, `${field}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

/** The first operation anywhere in a document to add or set, as a refusal; null when none. */
export function operationInDocument(data: Record<string, unknown>): string | null {
  for (const [key, value] of Object.entries(data)) {
    const found = findOperation(value, key);
    if (found !== null) return DataTexts.operationInData(found);
  }
  return null;
}

/** An update read: plain values to merge, and the operations by field. */
export type ReadUpdate = {
  values: Record<string, unknown>;
  operations: Record<string, FieldOperation>;
};

/**
 * Splits an update into plain values and operations, or answers why it is refused: a reserved
 * field, an operation that is unknown or malformed, or one below the top level.
 */
export function readUpdate(fields: Record<string, unknown>): ReadUpdate | { refused: string } {
  const values: Record<string, unknown> = {};
  const operations: Record<string, FieldOperation> = {};
  for (const [field, value] of Object.entries(fields)) {
    if ((RESERVED_FIELDS as readonly string[]).includes(field)) {
      return { refused: DataTexts.reservedField(field) };
    }
    if (!looksLikeOperation(value)) {
      const nested = findOperation(value, field);
      if (nested !== null) return { refused: DataTexts.operationNested(nested) };
      values[field] = value;
      continue;
    }
    const op = value[OPERATION_KEY];
    if (!DataOperations.includes(op as DataOperation)) {
      return { refused: DataTexts.operationUnknown(field) };
    }
    const parsed = FieldOperationSchemas[op as DataOperation].safeParse(value);
    if (!parsed.success) {
      return {
        refused:
          op === "delete"
            ? DataTexts.operationDelete(field)
            : op === "increment"
              ? DataTexts.operationIncrement(field)
              : DataTexts.operationValues(field, op as string),
      };
    }
    if ("values" in parsed.data) {
      const nested = parsed.data.values
        .map((entry, index) => findOperation(entry, `${field}.values.${index}`))
        .find((path) => path !== null);
      if (nested) return { refused: DataTexts.operationNested(nested) };
    }
    operations[field] = parsed.data;
  }
  return { values, operations };
}
