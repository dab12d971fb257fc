import { ErrorCodes } from "@hybridge/shared/common/errors";
import { type FieldOperation, readUpdate } from "@hybridge/shared/data/operations";
import type { JsonValue } from "@hybridge/shared/data/query";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import { ruleHolds } from "@hybridge/shared/rules/bind";
import { RulesTexts } from "@hybridge/shared/rules/texts";
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { errorCodes } from "../../platform/db/errors";
import { documents } from "../../platform/db/schema";
import { microseconds } from "../../platform/db/time-text";
import { AppError } from "../../platform/errors";
import { createCombinedWrites, type WaitingWrite } from "./combined-writes";
import type { DocumentScope } from "./document-scope";
import {
  checkDocument,
  type DataLimits,
  type DocumentRow,
  type DocumentView,
  documentColumns,
  isUuid,
  type ListedPages,
  oneDocument,
  toDocument,
} from "./documents";

/*
 * Writes to a stored document (decision 037): update (merge top-level fields, with operations)
 * and set (replace). Each is ONE UPDATE statement whose new data is computed by the database
 * from the row it locks, so that concurrent writes never lose one another (50 increments at
 * once give +50) and a refused write changes nothing. Values reach SQL as jsonb parameters only.
 */

/** A write's failure, told apart after the statement matched no row (the failure path only). */
type Missed = "not-found" | "conflict" | "too-large" | "changed";

/** How many times a write whose row changed between its statement and its diagnosis is tried. */
const WRITE_ATTEMPTS = 3;

/**
 * The byte length of `json` (a jsonb expression) as `JSON.stringify` writes it, which is how an
 * add measures a document (checkDocument). jsonb's text differs in two ways, both undone here:
 * - it writes a space after every `:` and `,` between members and elements: one regular
 *   expression pass keeps the strings (quotes inside them are escaped) and drops the
 *   separators' spaces outside them (about 1 ms for 64 kB of text, 30 ms for 7,000 values);
 * - it writes numbers plainly, where JavaScript — from which every stored number comes (a
 *   request's JSON, or an increment in double precision, neither with trailing zeros) — writes
 *   those from 1e21 and below 1e-6 with an exponent (`1e+21`, `1.5e-7`): only such numbers are
 *   picked out (a jsonpath filter) and counted as JavaScript writes them.
 * Strings are escaped alike by both (quote, backslash, \b \f \n \r \t, other controls \u00xx).
 */
export function jsonTextBytes(json: SQL): SQL<number> {
  return sql<number>`(octet_length(regexp_replace((${json})::text,
      '("[^"\\\\]*(?:\\\\.[^"\\\\]*)*")|([,:]) ', '\\1\\2', 'g')) - coalesce((
    select sum(length(v::text) - (
      (case when a <> v::numeric then 1 else 0 end)
      + k + (case when k > 1 then 1 else 0 end) + 2 + length(e::text)))
    from jsonb_path_query((${json}),
      'strict $.** ? (@.type() == "number" && (@ >= 1e21 || @ <= -1e21 || (@ != 0 && @ < 0.000001 && @ > -0.000001)))'
    ) as v,
    lateral (select abs(v::numeric) as a, abs(v::numeric)::text as t) as plain,
    lateral (
      select length(trim(both '0' from replace(t, '.', ''))) as k,
        case when a >= 1 then length(split_part(t, '.', 1)) - 1
          else length(split_part(t, '.', 2)) - length(ltrim(split_part(t, '.', 2), '0')) + 1
        end as e
    ) as digits
  ), 0))::int`;
}

/**
 * jsonTextBytes of one value, with a short way for the values it would leave as jsonb writes
 * them (most of an update's): a string, true, false, null, a number JavaScript writes without
 * an exponent. Only objects, arrays and the other numbers take its text pass and jsonpath walk.
 */
function valueBytes(json: SQL): SQL<number> {
  const number = sql`abs((${json})::numeric)`;
  // The inner case casts numbers only (an `and` does not promise to test the type first).
  return sql<number>`(case
    when jsonb_typeof(${json}) in ('object', 'array')
      or (case when jsonb_typeof(${json}) = 'number'
        then ${number} >= 1e21 or (${number} < 0.000001 and ${number} <> 0) else false end)
    then ${jsonTextBytes(json)}
    else octet_length((${json})::text) end)`;
}

/** An array field's current value, or [] when it is missing or not an array. */
const arrayOf = (current: SQL) =>
  sql`(case when jsonb_typeof(${current}) = 'array' then ${current} else '[]'::jsonb end)`;

/**
 * Each operation's result but a delete's, as a jsonb object (field → value), computed from
 * `stored`, the row's data:
 * - increment: the number plus `by`, in double precision as JavaScript adds (a missing or
 *   non-number field counts as 0);
 * - arrayUnion: the array with those of `values` it lacks appended, in their order, each once
 *   (equal as JSON values: objects whatever their keys' order, 1 and 1.0 alike);
 * - arrayRemove: the array without any element equal to one of `values`.
 * A missing or non-array field counts as [] for both.
 */
function operationResults(stored: SQL, ops: SQL): SQL {
  const current = sql`(${stored} -> o.key)`;
  return sql`coalesce((
      select jsonb_object_agg(o.key, case o.value ->> '$op'
        when 'increment' then to_jsonb(
          coalesce(case when jsonb_typeof(${current}) = 'number' then (${current})::float8 end, 0)
          + (o.value -> 'by')::float8)
        when 'arrayUnion' then ${arrayOf(current)} || coalesce((
          select jsonb_agg(added.v order by added.i) from (
            select v, min(i) as i from jsonb_array_elements(o.value -> 'values')
              with ordinality as given(v, i) group by v
          ) as added
          where not exists (
            select 1 from jsonb_array_elements(${arrayOf(current)}) as present(p)
            where present.p = added.v)
        ), '[]'::jsonb)
        when 'arrayRemove' then coalesce((
          select jsonb_agg(kept.k order by kept.i)
          from jsonb_array_elements(${arrayOf(current)}) with ordinality as kept(k, i)
          where not exists (
            select 1 from jsonb_array_elements(o.value -> 'values') as gone(g)
            where gone.g = kept.k)
        ), '[]'::jsonb)
        end)
      from jsonb_each(${ops}) as o
      where o.value ->> '$op' <> 'delete'
    ), '{}'::jsonb)`;
}

/**
 * The document after an update, computed from the row being written: the stored data without
 * the deleted fields, then the plain values (a null stays null; an object replaces the stored
 * one whole), then the operations' results (operationResults).
 */
function mergedData(stored: SQL, values: SQL, ops: SQL, results: SQL): SQL {
  return sql`((${stored} - array(
      select key from jsonb_each(${ops}) where value ->> '$op' = 'delete'))
    || ${values} || ${results})`;
}

/**
 * The merged document's size as JSON.stringify writes it, counted from the stored `size` (exact:
 * every write stores JSON.stringify's byte length) and the members that change only, so that an
 * update costs the database in proportion to its change, not to the document (counting the
 * whole merged document with jsonTextBytes took some 45–80 µs of a 180-byte document's update;
 * this, 2–5 µs: decision 037).
 * An object's text is `{`, then each member `"key":value` followed by a comma, the last one's
 * comma being the closing `}`; hence 1 + Σ (member + 1) bytes, and 2 for `{}`. From the stored
 * count (its size, less 1 when it is `{}`) go the members the update replaces or deletes (their
 * key as JSON writes it, the colon, the stored value by valueBytes, the comma); to it come
 * `valuesBytes`, the plain values' members (counted in JavaScript: membersBytes), and the
 * operations' results, counted by valueBytes.
 */
function mergedSize(change: {
  stored: SQL;
  storedSize: SQL;
  /** An object whose keys are the members replaced or deleted: the values' and operations'. */
  replaced: SQL;
  /** The operations' results (none for an update of plain values alone). */
  results?: SQL;
  valuesBytes: SQL;
}): SQL<number> {
  const { stored, storedSize, replaced, results, valuesBytes } = change;
  // `offset 0` keeps `changed` apart, so that each stored value is looked up once: valueBytes
  // names it up to six times, and each lookup reads a large (compressed) document whole again.
  // The stored object's count: its size, less 1 for `{}`. The result's count is 1 for `{}`
  // (2 bytes), at least 6 with a member (`{"":0}`): greatest(…, 2) gives both, naming the
  // count once (a case naming it twice would have PostgreSQL compute it twice).
  return sql<number>`greatest(${storedSize} - (case when ${storedSize} = 2 then 1 else 0 end)
      - coalesce((
        select sum(octet_length(to_jsonb(changed.key)::text) + 2 + ${valueBytes(sql`changed.old`)})
        from (
          select key, ${stored} -> key as old from jsonb_object_keys(${replaced}) as key
          offset 0
        ) as changed
        where changed.old is not null
      ), 0)
      + ${valuesBytes}
      ${
        results
          ? sql`+ coalesce((
        select sum(octet_length(to_jsonb(result.key)::text) + 2 + ${valueBytes(sql`result.value`)})
        from jsonb_each(${results}) as result
      ), 0)`
          : sql``
      }, 2)::int`;
}

/**
 * The bytes the plain values of an update bring as members of the merged document, each with
 * its comma (`"key":value,`): their object's JSON, `json`, less its closing brace.
 */
const membersBytes = (json: string) => (json === "{}" ? 0 : Buffer.byteLength(json) - 1);

/** An update's change as mergedData and mergedSize take it, computed from the row's columns. */
function mergedRow(values: SQL, ops: SQL, valuesBytes: SQL) {
  const results = operationResults(sql`${documents.data}`, ops);
  return {
    data: mergedData(sql`${documents.data}`, values, ops, results),
    size: mergedSize({
      stored: sql`${documents.data}`,
      storedSize: sql`${documents.size}`,
      replaced: sql`(${values} || ${ops})`,
      results,
      valuesBytes,
    }),
  };
}

/**
 * Runs a write's statement; when it matched no row, `diagnose` says why (its own query, on the
 * failure path only) and the write is refused, or tried again if the row changed in between.
 */
async function writeOnce(options: {
  write: () => Promise<WrittenRow | undefined>;
  diagnose: () => Promise<Missed>;
  limits: DataLimits;
}): Promise<WrittenRow> {
  for (let attempt = 1; ; attempt++) {
    const written = await options.write();
    if (written) return written;
    const missed = await options.diagnose();
    if (missed === "not-found") throw AppError.notFound(DataTexts.notFound);
    if (missed === "too-large") {
      throw new AppError(
        ErrorCodes.PAYLOAD_TOO_LARGE,
        DataTexts.tooLarge(Math.round(options.limits.maxDocumentBytes / 1024)),
      );
    }
    if (missed === "conflict" || attempt >= WRITE_ATTEMPTS) {
      throw AppError.conflict(DataTexts.versionConflict);
    }
  }
}

/** The increment's result overflowed double precision: PostgreSQL refuses it (22003). */
function refuseOverflow(error: unknown): never {
  if (errorCodes(error).includes("22003")) throw AppError.validation(DataTexts.notFinite);
  throw error;
}

type WriteOptions = {
  db: Db;
  pages: ListedPages;
  limits: DataLimits;
  scope: DocumentScope;
  id: string;
  /** The version the client read: the write happens only if the document is still at it. */
  ifVersion?: number;
  view: DocumentView;
};

/** What a write answers: the document, and its change's id (the log's, decision 042). */
const writtenColumns = { ...documentColumns, changeId: documents.changeId };
type WrittenRow = DocumentRow & { changeId: number | null };

/**
 * Voids the collection's pages and tells the change feed what was written (an update of the
 * document, whole); answers the document.
 */
function answerWrite(options: WriteOptions, row: WrittenRow): DataDocument {
  const { changeId, ...stored } = row;
  options.pages.changed(options.scope.key, {
    id: Number(changeId),
    op: "update",
    projectId: options.scope.projectId,
    collection: options.scope.collection,
    documentId: stored.id,
    document: stored,
  });
  return toDocument(stored, options.view);
}

/** The server's part of every write: one more version, written now. */
const written = {
  version: sql`${documents.version} + 1`,
  updatedAt: sql`now()`,
};

/** A JSON text parameter (or placeholder), as jsonb. */
const jsonb = (value: unknown) => sql`${value}::jsonb`;

/**
 * The writes' statements, built once per database with placeholders (as the reads are,
 * documents.ts): `id`, `project` and `collection` (the scope: documentScope's condition, written
 * here, must follow it when a scope narrows further), `ifVersion` for the `…If` ones, and
 * `values`, `operations` (update) or `data`, `size` (replace) as JSON text, `valuesBytes` the
 * plain values' members' bytes (update: membersBytes), `max` the size limit.
 * Nothing is built per request.
 */
function prepareWrites(db: Db) {
  const target = (withVersion: boolean) =>
    and(
      eq(documents.id, sql.placeholder("id")),
      eq(documents.projectId, sql.placeholder("project")),
      eq(documents.collection, sql.placeholder("collection")),
      withVersion ? eq(documents.version, sql.placeholder("ifVersion")) : undefined,
    );
  const values = jsonb(sql.placeholder("values"));
  const ops = jsonb(sql.placeholder("operations"));
  const update = (withVersion: boolean, name: string) => {
    // The operations' results computed once, from the row locked (FOR UPDATE: a write waiting
    // on another computes from the row as that one left it), then the merge and its size from
    // them and the stored size, then written if it fits.
    const locked = db.$with("locked").as(
      db
        .select({
          id: documents.id,
          stored: sql<Record<string, unknown>>`${documents.data}`.as("stored"),
          storedSize: sql<number>`${documents.size}`.as("stored_size"),
          results: sql`${operationResults(sql`${documents.data}`, ops)}`.as("results"),
        })
        .from(documents)
        .where(target(withVersion))
        .for("update"),
    );
    const sized = db.$with("sized").as(
      db
        .select({
          id: locked.id,
          data: sql<
            Record<string, unknown>
          >`${mergedData(sql`"locked"."stored"`, values, ops, sql`"locked"."results"`)}`.as("data"),
          size: sql<number>`${mergedSize({
            stored: sql`"locked"."stored"`,
            storedSize: sql`"locked"."stored_size"`,
            replaced: sql`(${values} || ${ops})`,
            results: sql`"locked"."results"`,
            valuesBytes: sql`${sql.placeholder("valuesBytes")}::int`,
          })}`.as("size"),
        })
        .from(locked)
        // The one row it has; the limit keeps the merge and its size computed once: PostgreSQL
        // would otherwise fold this query into the update and compute the size twice, for the
        // SET and for the WHERE.
        .limit(1),
    );
    return (
      db
        .with(locked, sized)
        .update(documents)
        // Named in full: Drizzle writes a CTE's columns unqualified, which here are the table's.
        // `writes`: the versions it counts for (increments written together count each).
        .set({
          data: sql`"sized"."data"`,
          size: sql`"sized"."size"`,
          ...written,
          version: sql`${documents.version} + ${sql.placeholder("writes")}::int`,
        })
        .from(sized)
        .where(
          and(
            sql`"documents"."id" = "sized"."id"`,
            sql`"sized"."size" <= ${sql.placeholder("max")}`,
          ),
        )
        .returning(writtenColumns)
        .prepare(name)
    );
  };
  // An update of plain values alone (no operation: most updates) needs neither the locked
  // row's operations nor the CTEs that compute them once: its new data and size are written
  // from the row itself, and the size is checked in its WHERE (computed twice, which for
  // strings, numbers, booleans and null is one octet_length each). A write waiting on another
  // computes both from the row as that one left it (PostgreSQL evaluates the SET and the WHERE
  // again on the newest version). In pgbench it gave about 20 % more updates a second than
  // the general one (decision 066).
  const assign = (withVersion: boolean, name: string) => {
    const size = mergedSize({
      stored: sql`${documents.data}`,
      storedSize: sql`${documents.size}`,
      replaced: values,
      valuesBytes: sql`${sql.placeholder("valuesBytes")}::int`,
    });
    return db
      .update(documents)
      .set({ data: sql`${documents.data} || ${values}`, size, ...written })
      .where(and(target(withVersion), sql`${size} <= ${sql.placeholder("max")}`))
      .returning(writtenColumns)
      .prepare(name);
  };
  // Plain updates of several documents at once (combineAssigns): the same SET and WHERE as
  // `assign`, each document's values and members' bytes read from its entry of `changes`.
  const assignMany = () => {
    const size = mergedSize({
      stored: sql`${documents.data}`,
      storedSize: sql`${documents.size}`,
      replaced: sql`"change"."values"`,
      valuesBytes: sql`"change"."bytes"`,
    });
    return db
      .update(documents)
      .set({ data: sql`${documents.data} || "change"."values"`, size, ...written })
      .from(
        sql`jsonb_to_recordset(${jsonb(sql.placeholder("changes"))}) as "change"("id" uuid, "values" jsonb, "bytes" int)`,
      )
      .where(
        and(
          // The documents read by their ids first (the primary key): joined on the id alone,
          // PostgreSQL hashed the whole collection, and its estimate asked for JIT compilation.
          sql`${documents.id} = any(array(select ("element" ->> 'id')::uuid from jsonb_array_elements(${jsonb(sql.placeholder("changes"))}) as "element"))`,
          sql`${documents.id} = "change"."id"`,
          eq(documents.projectId, sql.placeholder("project")),
          eq(documents.collection, sql.placeholder("collection")),
          sql`${size} <= ${sql.placeholder("max")}`,
        ),
      )
      .returning(writtenColumns)
      .prepare("assign_documents");
  };
  const replace = (withVersion: boolean, name: string) =>
    db
      .update(documents)
      .set({
        data: jsonb(sql.placeholder("data")),
        size: sql`${sql.placeholder("size")}`,
        ...written,
      })
      .where(target(withVersion))
      .returning(writtenColumns)
      .prepare(name);
  return {
    update: update(false, "update_document"),
    updateIf: update(true, "update_document_if"),
    assign: assign(false, "assign_document"),
    assignIf: assign(true, "assign_document_if"),
    assignMany: assignMany(),
    replace: replace(false, "replace_document"),
    replaceIf: replace(true, "replace_document_if"),
  };
}
const preparedWrites = new WeakMap<Db, ReturnType<typeof prepareWrites>>();
function writesOf(db: Db) {
  let writes = preparedWrites.get(db);
  if (!writes) {
    writes = prepareWrites(db);
    preparedWrites.set(db, writes);
  }
  return writes;
}

/** The placeholders every write fills: its document, and the version it expects if any. */
const targetValues = (options: WriteOptions) => ({
  id: options.id,
  project: options.scope.projectId,
  collection: options.scope.collection,
  ...(options.ifVersion === undefined ? {} : { ifVersion: options.ifVersion }),
});

/**
 * Updates a document: merges `fields` into it (see mergedData), in one statement that also
 * checks the merged document's size (mergedSize) against the limit. Not found when there is
 * no such document in the scope (no upsert); CONFLICT when `ifVersion` is not its version;
 * PAYLOAD_TOO_LARGE when the merged document would exceed the limit. Reserved fields and
 * malformed or nested operations are refused before anything is asked of the database.
 * Increments alone of a document this server is already writing are combined (combineIncrements).
 */
export async function updateDocument(
  options: WriteOptions & { fields: Record<string, unknown> },
): Promise<DataDocument> {
  const read = readUpdate(options.fields);
  if ("refused" in read) throw AppError.validation(read.refused);
  if (!isUuid(options.id)) throw AppError.notFound(DataTexts.notFound);
  if (options.scope.ruled) {
    const values = JSON.stringify(read.values);
    const merged = mergedRow(
      jsonb(values),
      jsonb(JSON.stringify(read.operations)),
      sql`${membersBytes(values)}::int`,
    );
    return writeUnderRules(options, merged);
  }
  const increments = Object.values(read.operations);
  if (
    options.ifVersion === undefined &&
    Object.keys(read.values).length === 0 &&
    increments.length > 0 &&
    increments.every((operation) => operation.$op === "increment")
  ) {
    return combineIncrements(options, read.operations as Record<string, Increment>);
  }
  if (options.ifVersion === undefined && Object.keys(read.operations).length === 0) {
    return combineAssigns(options, read.values);
  }
  return writeUpdate(options, read, 1);
}

/** A plain update: its document, and its values as given and as JSON. */
type Assign = { options: WriteOptions; values: Record<string, unknown>; json: string };
/** At most this many updates, and about this many bytes of values, in one statement. */
const ASSIGNS_COMBINED = 50;
const ASSIGNS_COMBINED_BYTES = 1_000_000;

const assignAlone = (_db: Db, one: Assign) =>
  writeUpdate(one.options, { values: one.values, operations: {} }, 1);

/**
 * Plain updates (values alone, no `ifVersion`) of a collection's documents, 50 phones at once,
 * each cost PostgreSQL a statement and a commit, most of what an update costs it (decision 067).
 * While one is written, those that come to this server for other documents of the same
 * collection wait, and are then written together in one statement (`assignMany`,
 * createCombinedWrites): one commit. A document is in a batch once (PostgreSQL would apply one
 * of two changes of one row): a second update of it goes alone at once. An update the statement
 * did not write (not found, too large) or a statement that failed: each goes alone, and gets the
 * answer it would have had.
 */
const combinedAssigns = createCombinedWrites<Assign, DataDocument>({
  most: ASSIGNS_COMBINED,
  mostBytes: ASSIGNS_COMBINED_BYTES,
  alone: assignAlone,
  together: assignTogether,
});
function combineAssigns(
  options: WriteOptions,
  values: Record<string, unknown>,
): Promise<DataDocument> {
  const { db, scope, limits } = options;
  const json = JSON.stringify(values);
  return combinedAssigns(
    db,
    `${scope.projectId}\n${scope.collection}\n${limits.maxDocumentBytes}`,
    { options, values, json },
    { bytes: json.length, member: options.id },
  );
}

/** Writes the waiting plain updates in one statement, or each alone; answers each. */
async function assignTogether(db: Db, batch: WaitingWrite<Assign, DataDocument>[]): Promise<void> {
  const alone = (ones: WaitingWrite<Assign, DataDocument>[]) =>
    Promise.all(ones.map((one) => assignAlone(db, one.item).then(one.resolve, one.reject)));
  const [first] = batch;
  if (!first || batch.length === 1) return void (await alone(batch));
  // Each document's values as read by readUpdate, inside the array as they are; its id is a
  // UUID in lowercase (checked by updateDocument), as the rows answer it. In the ids' order, so
  // that two servers' batches meeting on the same documents tend to lock them in the same order
  // (a deadlock would be PostgreSQL's to break, after a second, and each would then go alone).
  const ordered = batch.toSorted((a, b) => (a.item.options.id < b.item.options.id ? -1 : 1));
  const changes = `[${ordered
    .map(
      (one) =>
        `{"id":"${one.item.options.id}","bytes":${membersBytes(one.item.json)},"values":${one.item.json}}`,
    )
    .join(",")}]`;
  let rows: WrittenRow[];
  try {
    rows = (await writesOf(db).assignMany.execute({
      changes,
      project: first.item.options.scope.projectId,
      collection: first.item.options.scope.collection,
      max: first.item.options.limits.maxDocumentBytes,
    })) as WrittenRow[];
  } catch {
    // Nothing was written: each alone gets its own answer (or its own error).
    return void (await alone(batch));
  }
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Answered in the order of their changes: the change feed then takes them in order.
  const written = batch
    .flatMap((one) => {
      const row = byId.get(one.item.options.id);
      return row ? [{ one, row }] : [];
    })
    .sort((a, b) => Number(a.row.changeId ?? 0) - Number(b.row.changeId ?? 0));
  for (const { one, row } of written) {
    try {
      one.resolve(answerWrite(one.item.options, row));
    } catch (error) {
      one.reject(error);
    }
  }
  // Not written (not found, too large, or gone meanwhile): alone, with its diagnosis.
  await alone(batch.filter((one) => !byId.has(one.item.options.id)));
}

/** One update's statement (with its diagnosis), counted as `writes` versions. */
async function writeUpdate(
  options: WriteOptions,
  read: { values: Record<string, unknown>; operations: Record<string, FieldOperation> },
  writes: number,
): Promise<DataDocument> {
  const { db, limits, scope, id } = options;
  const values = JSON.stringify(read.values);
  const operations = JSON.stringify(read.operations);
  const valuesBytes = membersBytes(values);
  const statements = writesOf(db);
  // Plain values alone take the plain statement (prepareWrites' `assign`).
  const kind = Object.keys(read.operations).length === 0 ? "assign" : "update";
  const statement = statements[options.ifVersion === undefined ? kind : (`${kind}If` as const)];
  const document = await writeOnce({
    limits,
    write: async () => {
      const [row] = await statement
        .execute({
          ...targetValues(options),
          values,
          operations,
          valuesBytes,
          max: limits.maxDocumentBytes,
          writes,
        })
        .catch(refuseOverflow);
      return row;
    },
    diagnose: async () => {
      const [row] = await db
        .select({
          version: documents.version,
          fits: sql<boolean>`${mergedRow(jsonb(values), jsonb(operations), sql`${valuesBytes}::int`).size} <= ${limits.maxDocumentBytes}`,
        })
        .from(documents)
        .where(oneDocument(scope, id))
        .catch(refuseOverflow);
      if (!row) return "not-found";
      if (options.ifVersion !== undefined && row.version !== options.ifVersion) return "conflict";
      return row.fits ? "changed" : "too-large";
    },
  });
  return answerWrite(options, document);
}

type Increment = Extract<FieldOperation, { $op: "increment" }>;
/** Increments of one document: what each adds to which field. */
type Increments = { options: WriteOptions; operations: Record<string, Increment> };

/**
 * Increments of one document (a like counter, a view count: 50 phones at once) each hold the
 * document's row from their statement to their commit, one after the other, so they are as many
 * commits in a row (decision 041). While one is written, those that come to this server for the
 * same document wait, and are then written together in one statement (createCombinedWrites):
 * their sums, as many versions as writes. Each is answered with the document as that statement
 * left it (its own increment and those written with it). A refusal (not found, out of range)
 * answers them all.
 */
const combinedIncrements = createCombinedWrites<Increments, DataDocument>({
  most: Number.POSITIVE_INFINITY,
  mostBytes: Number.POSITIVE_INFINITY,
  alone: (_db, { options, operations }) => writeUpdate(options, { values: {}, operations }, 1),
  together: async (_db, batch) => {
    const [first] = batch;
    if (!first) return;
    const by: Record<string, number> = {};
    for (const one of batch) {
      for (const [field, operation] of Object.entries(one.item.operations)) {
        by[field] = (by[field] ?? 0) + operation.by;
      }
    }
    const operations = Object.fromEntries(
      Object.entries(by).map(([field, sum]) => [field, { $op: "increment" as const, by: sum }]),
    );
    await writeUpdate(first.item.options, { values: {}, operations }, batch.length).then(
      (document) => {
        for (const one of batch) one.resolve(document);
      },
      (error: unknown) => {
        for (const one of batch) one.reject(error);
      },
    );
  },
});
/**
 * Keyed by the scope's collection and the id: a scope narrower than its collection (access rules)
 * must narrow the key too.
 */
const combineIncrements = (options: WriteOptions, operations: Record<string, Increment>) =>
  combinedIncrements(options.db, `${options.scope.key}\n${options.id}`, { options, operations });

/**
 * Replaces a document's data with `data` (checked as an add is: reserved fields, operations,
 * size), keeping its id, creation time and file, in one statement. Not found and CONFLICT as
 * for updateDocument.
 */
export async function replaceDocument(
  options: WriteOptions & { data: Record<string, unknown> },
): Promise<DataDocument> {
  const { db, limits, scope, id, data } = options;
  const size = checkDocument(data, limits);
  if (!isUuid(id)) throw AppError.notFound(DataTexts.notFound);
  if (scope.ruled) {
    return writeUnderRules(options, { data: jsonb(JSON.stringify(data)), size: sql`${size}::int` });
  }
  const statements = writesOf(db);
  const statement = options.ifVersion === undefined ? statements.replace : statements.replaceIf;
  const json = JSON.stringify(data);
  const document = await writeOnce({
    limits,
    write: async () => {
      const [row] = await statement.execute({ ...targetValues(options), data: json, size });
      return row;
    },
    diagnose: async () => {
      const [row] = await db
        .select({ version: documents.version })
        .from(documents)
        .where(oneDocument(scope, id));
      if (!row) return "not-found";
      return options.ifVersion !== undefined && row.version !== options.ifVersion
        ? "conflict"
        : "changed";
    },
  });
  return answerWrite(options, document);
}

/**
 * A write by a caller bound by access rules (decision 044), in one transaction: the document is
 * locked as it is (404 when the get rule hides it, 409 at another version than `ifVersion`),
 * written, and its update rule decided on both states — `doc` before, `data` after — by the
 * rules' evaluator; a refusal (403: the caller may see the document, not change it so) rolls
 * the write back. Not combined with other increments: each is decided on its own result.
 */
async function writeUnderRules(
  options: WriteOptions,
  write: { data: SQL; size: SQL },
): Promise<DataDocument> {
  const { db, limits, scope, id } = options;
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        data: documents.data,
        version: documents.version,
        createdAt: microseconds(sql`${documents.createdAt}`),
        updatedAt: microseconds(sql`${documents.updatedAt}`),
      })
      .from(documents)
      .where(oneDocument(scope, id))
      .for("update");
    if (!before) throw AppError.notFound(DataTexts.notFound);
    if (options.ifVersion !== undefined && before.version !== options.ifVersion) {
      throw AppError.conflict(DataTexts.versionConflict);
    }
    const [after] = await tx
      .update(documents)
      .set({ data: write.data, size: write.size, ...written })
      .where(eq(documents.id, id))
      .returning({ ...writtenColumns, size: documents.size })
      .catch(refuseOverflow);
    if (!after) throw AppError.notFound(DataTexts.notFound);
    const { size, ...stored } = after;
    if (size > limits.maxDocumentBytes) {
      throw new AppError(
        ErrorCodes.PAYLOAD_TOO_LARGE,
        DataTexts.tooLarge(Math.round(limits.maxDocumentBytes / 1024)),
      );
    }
    const document = {
      id,
      data: before.data as Record<string, JsonValue>,
      createdAt: before.createdAt,
      updatedAt: before.updatedAt,
    };
    const rule = scope.rule("update", after.data as Record<string, JsonValue>);
    if (!ruleHolds(rule, document)) {
      throw new AppError(ErrorCodes.FORBIDDEN, RulesTexts.updateRefused);
    }
    return stored;
  });
  return answerWrite(options, row);
}
