import { z } from "zod";
import {
  type DocumentQuery,
  type FieldRef,
  type Filter,
  parseField,
  QUERY_LIMITS,
  type QueryIssue,
} from "./query";
import { ProjectCollectionParamsSchema } from "./schemas";
import { IndexTexts } from "./texts";

// Indexes an owner declares on a collection (decision 041), as Firestore's composite indexes:
// equality fields first, then the order's fields, each ascending or descending. The server
// builds a PostgreSQL index over the query compiler's own expressions for them; the console's
// form and the server's route read a declaration with the one schema below.

/** How an index holds a field: compared for equality, or sorted ascending or descending. */
export const INDEX_MODES = ["==", "asc", "desc"] as const;
export type IndexMode = (typeof INDEX_MODES)[number];

/** A field of a declared index, as stored and answered: its keys (or a server field's name). */
export type IndexField = { field: string[]; mode: IndexMode };

export const INDEX_LIMITS = {
  /** Declared indexes per project. */
  perProject: 20,
  /** Equality fields of one index. */
  equalities: 10,
  /** Order fields of one index (a query's orderBy has at most as many). */
  orderKeys: QUERY_LIMITS.orderKeys,
} as const;

/** Where an index stands: built in the background after it is declared. */
export const INDEX_STATUSES = ["building", "ready", "failed"] as const;
export type IndexStatus = (typeof INDEX_STATUSES)[number];

/** A field's parts as an index stores them: a server field is its name alone. */
const partsOf = (field: FieldRef): string[] =>
  field.kind === "server" ? [field.name] : field.path;

/** A field for display: its keys joined by dots (as a query names it). */
export const indexFieldName = (field: string[]) => field.join(".");

/** The issues of a declaration's fields, or its fields read (server fields recognised). */
export function parseIndexFields(
  input: unknown,
):
  | { fields: Array<{ ref: FieldRef; mode: IndexMode }>; issues?: undefined }
  | { issues: QueryIssue[] } {
  if (!Array.isArray(input) || input.length === 0) {
    return { issues: [{ path: ["fields"], message: IndexTexts.fieldsList }] };
  }
  const issues: QueryIssue[] = [];
  const fail = (path: (string | number)[], message: string) => issues.push({ path, message });
  const fields: Array<{ ref: FieldRef; mode: IndexMode }> = [];
  const seen = new Set<string>();
  let ordered = false;
  input.forEach((entry, index) => {
    const at = `fields[${index}]`;
    if (typeof entry !== "object" || entry === null || Array.isArray(entry)) {
      fail(["fields", index], IndexTexts.fieldEntry(at));
      return;
    }
    const { field, mode, ...rest } = entry as Record<string, unknown>;
    if (Object.keys(rest).length > 0) {
      fail(["fields", index], IndexTexts.fieldEntry(at));
      return;
    }
    const ref = parseField(field, `${at}.field`);
    if (typeof ref === "string") {
      fail(["fields", index, "field"], ref);
      return;
    }
    if (ref.kind === "data" && ref.path.some((part) => part.includes("\u0000"))) {
      fail(["fields", index, "field"], IndexTexts.fieldNul(`${at}.field`));
      return;
    }
    if (!(INDEX_MODES as readonly unknown[]).includes(mode)) {
      fail(["fields", index, "mode"], IndexTexts.mode(`${at}.mode`));
      return;
    }
    const key = JSON.stringify(partsOf(ref));
    if (seen.has(key)) {
      fail(["fields", index, "field"], IndexTexts.fieldTwice(`${at}.field`));
      return;
    }
    seen.add(key);
    if (mode === "==" && ordered) {
      fail(["fields", index, "mode"], IndexTexts.equalityAfterOrder(`${at}.mode`));
      return;
    }
    if (mode !== "==") ordered = true;
    fields.push({ ref, mode: mode as IndexMode });
  });
  const equalities = fields.filter((one) => one.mode === "==").length;
  if (equalities > INDEX_LIMITS.equalities) {
    fail(["fields"], IndexTexts.tooManyEqualities(INDEX_LIMITS.equalities));
  }
  if (fields.length - equalities > INDEX_LIMITS.orderKeys) {
    fail(["fields"], IndexTexts.tooManyOrderKeys(INDEX_LIMITS.orderKeys));
  }
  return issues.length > 0 ? { issues } : { fields };
}

const fieldShape = z
  .union([z.string(), z.array(z.string()).min(1).max(QUERY_LIMITS.pathParts)])
  .describe(
    'A path of keys ("address.city"), or the list of its keys; or createdAt, updatedAt, id.',
  );

/**
 * The body of `POST /api/projects/:id/data/collections/:collection/indexes`: the index's fields,
 * equalities first, then the order's fields. The console's form checks its fields with it.
 */
export const CollectionIndexInputSchema = z
  .strictObject({
    // parseIndexFields reads each field, with its own messages.
    fields: z.array(
      z.strictObject({
        field: fieldShape,
        mode: z.string().describe('"==" (equality), "asc" or "desc".'),
      }),
    ),
  })
  .transform((input, context): { fields: IndexField[] } => {
    const read = parseIndexFields(input.fields);
    if (read.issues) {
      for (const issue of read.issues) {
        context.addIssue({ code: "custom", path: issue.path, message: issue.message });
      }
      return z.NEVER;
    }
    return { fields: read.fields.map(({ ref, mode }) => ({ field: partsOf(ref), mode })) };
  });
export type CollectionIndexInput = z.input<typeof CollectionIndexInputSchema>;

export const CollectionIndexSchema = z.object({
  id: z.string(),
  collection: z.string(),
  fields: z.array(z.object({ field: z.array(z.string()), mode: z.enum(INDEX_MODES) })),
  status: z.enum(INDEX_STATUSES),
  /** The database's message when the build failed. */
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type CollectionIndex = z.infer<typeof CollectionIndexSchema>;

export const CollectionIndexesResponseSchema = z.object({
  indexes: z.array(CollectionIndexSchema),
});
export type CollectionIndexesResponse = z.infer<typeof CollectionIndexesResponseSchema>;

export const CollectionIndexParamsSchema = ProjectCollectionParamsSchema.extend({
  indexId: z.string(),
});

/**
 * The index a query would be read from: its equalities (`==` and `in` among the conditions
 * that must all hold), then its order. QUERY_TOO_SLOW names it, and the console offers to
 * declare it.
 */
export function suggestedIndex(query: DocumentQuery): IndexField[] {
  const fields: IndexField[] = [];
  const seen = new Set<string>();
  const add = (ref: FieldRef, mode: IndexMode) => {
    const field = partsOf(ref);
    const key = JSON.stringify(field);
    if (seen.has(key)) return;
    seen.add(key);
    fields.push({ field, mode });
  };
  const visit = (filter: Filter | null) => {
    if (!filter) return;
    if (filter.kind === "condition") {
      if (filter.op === "==" || filter.op === "in") add(filter.field, "==");
    } else if (filter.kind === "and") {
      filter.filters.forEach(visit);
    }
  };
  visit(query.filter);
  for (const key of query.orderBy) add(key.field, key.direction);
  return fields;
}
