import { randomUUID } from "node:crypto";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { type PageCursor, writePageCursor } from "@hybridge/shared/common/paging";
import { operationInDocument } from "@hybridge/shared/data/operations";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DOCUMENT_ID, DOCUMENTS_PAGE_SIZE, RESERVED_FIELDS } from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import { RulesTexts } from "@hybridge/shared/rules/texts";
import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { DOCUMENT_USAGE_STRIPES, documents, storedFiles } from "../../platform/db/schema";
import { microseconds, microsecondsText } from "../../platform/db/time-text";
import { AppError } from "../../platform/errors";
import { releaseProjectBytes } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import { createCombinedWrites, type WaitingWrite } from "./combined-writes";
import type { DocumentPages } from "./document-pages";
import { callerDocuments, type DataCaller, type DocumentScope } from "./document-scope";

export type DataLimits = { maxDocumentBytes: number; maxDocuments: number };

/** A stored document's columns, as documentColumns reads them. */
export type DocumentRow = {
  id: string;
  data: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  fileKey: string | null;
};

/** The folder of the documents' files in storage. */
export const DATA_FILES_FOLDER = "data-files";

/** How documents are answered: `filesBase` is the absolute address their files are served at. */
export type DocumentView = { filesBase: string };

/** The collections' pages as last answered (document-pages.ts): every write voids its own. */
export type ListedPages = DocumentPages;

/** A stored document as the API answers it: its fields, then the server's. */
export function toDocument(row: DocumentRow, view: DocumentView): DataDocument {
  return {
    ...row.data,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
    ...(row.fileKey
      ? { fileUrl: `${view.filesBase}/${row.fileKey.slice(DATA_FILES_FOLDER.length + 1)}` }
      : {}),
  };
}

/** The columns a document's answer needs. */
export const documentColumns = {
  id: documents.id,
  data: documents.data,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
  version: documents.version,
  fileKey: documents.fileKey,
};

/**
 * A stored document as the reads take it (documentTextColumns): its data as PostgreSQL's JSON
 * text, its times as ISO text to the microsecond.
 */
export type DocumentText = {
  id: string;
  data: string;
  createdAt: string;
  updatedAt: string;
  version: number;
  fileKey: string | null;
};

/**
 * The columns of a read's answer, as text: the reads answer the JSON the database holds, never
 * parsed on the server (parsing each document, copying it into the answer's object and writing
 * it back out were most of a list's CPU).
 */
export const documentTextColumns = {
  id: documents.id,
  data: sql<string>`${documents.data}::text`,
  // To the microsecond: a page's last row gives its cursor (compile-query.ts: cursorOf).
  createdAt: microseconds(sql`${documents.createdAt}`),
  updatedAt: microseconds(sql`${documents.updatedAt}`),
  version: documents.version,
  fileKey: documents.fileKey,
};

/** An ISO time to the microsecond as answered: to the millisecond, as Date's toISOString. */
const answeredTime = (time: string) => `${time.slice(0, 23)}Z`;

/**
 * A stored document's answer as JSON, written from its data's text (jsonb's own: valid JSON, a
 * space after `:` and `,`): the same document as toDocument, fields in the same order. The
 * server's fields never clash with the data's (checkDocument refuses reserved fields).
 */
export function documentJson(row: DocumentText, view: DocumentView): string {
  // jsonb writes an empty object as `{}`: its fields, if any, then a comma.
  const fields = row.data === "{}" ? "{" : `${row.data.slice(0, -1)},`;
  const file = row.fileKey
    ? `,"fileUrl":${JSON.stringify(`${view.filesBase}/${row.fileKey.slice(DATA_FILES_FOLDER.length + 1)}`)}`
    : "";
  return `${fields}"id":${JSON.stringify(row.id)},"createdAt":${JSON.stringify(answeredTime(row.createdAt))},"updatedAt":${JSON.stringify(answeredTime(row.updatedAt))},"version":${row.version}${file}}`;
}

/** A page's answer as JSON (DocumentsResponse), from its documents' JSON (documentJson). */
export const documentsPageJson = (documents: string[], nextCursor: string | null): string =>
  `{"documents":[${documents.join(",")}],"nextCursor":${nextCursor === null ? "null" : JSON.stringify(nextCursor)}}`;

/**
 * Refuses, before anything is written: a reserved field, an operation (decision 037: they
 * belong in an update) or a document over the size limit. Answers the document's size.
 */
export function checkDocument(data: Record<string, unknown>, limits: DataLimits): number {
  for (const field of RESERVED_FIELDS) {
    if (Object.hasOwn(data, field)) {
      throw AppError.validation(DataTexts.reservedField(field));
    }
  }
  const operation = operationInDocument(data);
  if (operation !== null) throw AppError.validation(operation);
  const size = Buffer.byteLength(JSON.stringify(data));
  if (size > limits.maxDocumentBytes) {
    throw new AppError(
      ErrorCodes.PAYLOAD_TOO_LARGE,
      DataTexts.tooLarge(Math.round(limits.maxDocumentBytes / 1024)),
    );
  }
  return size;
}

/**
 * Rows as a statement written here returns them: an array (postgres-js) or `{ rows }` (PGlite).
 */
export type RawResult<T> = T[] | { rows: T[] };
export const rowsOf = <T>(result: RawResult<T>): T[] =>
  Array.isArray(result) ? result : result.rows;

/**
 * Runs one of the statements below, prepared under its name on whichever connection `db` (or
 * the transaction `tx`) holds. Their text is written once, here, with its parameters as
 * placeholders: no query is built per request (Drizzle's building was a quarter of an add).
 */
async function runPrepared<T>(
  db: Db | Tx,
  name: string,
  text: string,
  values: Record<string, unknown>,
): Promise<T[]> {
  let query = preparedTexts.get(name);
  if (!query) {
    const names = [...text.matchAll(/\$(\w+)/g)].map((m) => m[1] as string);
    const order = [...new Set(names)];
    query = {
      sql: text.replace(/\$(\w+)/g, (_, n: string) => `$${order.indexOf(n) + 1}`),
      params: order.map((n) => sql.placeholder(n)),
    };
    preparedTexts.set(name, query);
  }
  const prepared = db._.session.prepareQuery(query, undefined, name, false);
  return rowsOf((await prepared.execute(values)) as RawResult<T>);
}
const preparedTexts = new Map<string, { sql: string; params: unknown[] }>();

/** Stripe `s`'s share of the limit (schema: documentUsage); `$limit` is the limit. */
const SHARE = (stripe: string) =>
  `($limit::int / ${DOCUMENT_USAGE_STRIPES} + (${stripe} < $limit::int % ${DOCUMENT_USAGE_STRIPES})::int)`;

/**
 * Raises a stripe of the project's count by `amount` (SQL: `1`, or a placeholder): one that
 * stays within its share once raised and is not held by another add (SKIP LOCKED; the search
 * starts at a random stripe), as `counted`, with the project's id. None is raised — the project
 * has no stripes yet, every stripe with room is held, the project is at its limit, or a stripe
 * is over its share (the limit was lowered) — and `counted` is empty.
 */
const RAISE_A_STRIPE = (amount: string) => `
WITH stripe AS (
  SELECT "stripe" FROM "document_usage"
  WHERE "project_id" = $project AND "documents" + ${amount} <= ${SHARE('"stripe"')}
    AND NOT EXISTS (
      SELECT 1 FROM "document_usage" "over"
      WHERE "over"."project_id" = $project AND "over"."documents" > ${SHARE('"over"."stripe"')}
    )
  ORDER BY ("stripe" + $start::int) % ${DOCUMENT_USAGE_STRIPES}
  LIMIT 1
  FOR UPDATE SKIP LOCKED
), counted AS (
  UPDATE "document_usage" SET "documents" = "document_usage"."documents" + ${amount}
  FROM stripe
  WHERE "document_usage"."project_id" = $project AND "document_usage"."stripe" = stripe."stripe"
  RETURNING "document_usage"."project_id"
)`;

/**
 * The usual add, one statement: a stripe raised by one (RAISE_A_STRIPE) and the document
 * inserted if one was. None raised, and the careful path decides (addCarefully).
 */
const ADD_DOCUMENT = `${RAISE_A_STRIPE("1")}
INSERT INTO "documents" ("project_id", "collection", "data", "size", "file_key")
SELECT "project_id", $collection, $data::jsonb, $size::int, $fileKey FROM counted
RETURNING "id", ${microsecondsText('"created_at"')} AS "createdAt",
  "change_id" AS "changeId"`;

/**
 * Several adds to one collection in one statement (combineAdds): one stripe raised by their
 * number (RAISE_A_STRIPE), and their rows inserted, each with the id this server gave it:
 * RETURNING does not keep the order of `$added`. No stripe raised: no row, and each add goes
 * alone.
 */
const ADD_DOCUMENTS = `${RAISE_A_STRIPE("$count::int")}
INSERT INTO "documents" ("id", "project_id", "collection", "data", "size")
SELECT added."id", counted."project_id", $collection, added."data", added."size"
FROM counted CROSS JOIN jsonb_to_recordset($added::jsonb) AS added("id" uuid, "data" jsonb, "size" int)
RETURNING "id", ${microsecondsText('"created_at"')} AS "createdAt",
  "change_id" AS "changeId"`;

/** The careful path's first steps: the project's stripes exist, and all are held (in order). */
const MAKE_STRIPES = `
INSERT INTO "document_usage" ("project_id", "stripe")
SELECT $project, s FROM generate_series(0, ${DOCUMENT_USAGE_STRIPES - 1}) AS s
ON CONFLICT DO NOTHING`;
const HOLD_STRIPES = `
SELECT "stripe", "documents" FROM "document_usage" WHERE "project_id" = $project
ORDER BY "stripe" FOR UPDATE`;
const RAISE_STRIPE = `
UPDATE "document_usage" SET "documents" = "documents" + 1
WHERE "project_id" = $project AND "stripe" = $stripe::int`;
const INSERT_DOCUMENT = `
INSERT INTO "documents" ("project_id", "collection", "data", "size", "file_key")
VALUES ($project, $collection, $data::jsonb, $size::int, $fileKey)
RETURNING "id", ${microsecondsText('"created_at"')} AS "createdAt",
  "change_id" AS "changeId"`;

/** An added document's id and time, and its change's id (bigint: a string from postgres-js). */
type Added = { id: string; createdAt: string; changeId: string | number };
type AddValues = {
  project: string;
  collection: string;
  data: string;
  size: number;
  fileKey: string | null;
  limit: number;
};

/**
 * The careful add, in a transaction: every stripe of the project held, the total compared
 * with the limit, then one stripe under its share raised (one exists while the total is under
 * the limit, the shares adding up to it). Exact whatever the stripes hold.
 */
async function addCarefully(tx: Tx, values: AddValues): Promise<Added> {
  await runPrepared(tx, "make_document_stripes", MAKE_STRIPES, values);
  const stripes = await runPrepared<{ stripe: number; documents: number }>(
    tx,
    "hold_document_stripes",
    HOLD_STRIPES,
    values,
  );
  const total = stripes.reduce((sum, s) => sum + s.documents, 0);
  const share = (stripe: number) =>
    Math.floor(values.limit / DOCUMENT_USAGE_STRIPES) +
    (stripe < values.limit % DOCUMENT_USAGE_STRIPES ? 1 : 0);
  const free = stripes.find((s) => s.documents < share(s.stripe));
  if (total >= values.limit || !free) {
    throw new AppError(ErrorCodes.CONFLICT, DataTexts.tooMany(values.limit));
  }
  await runPrepared(tx, "raise_document_stripe", RAISE_STRIPE, { ...values, stripe: free.stripe });
  const [row] = await runPrepared<Added>(tx, "insert_document", INSERT_DOCUMENT, values);
  if (!row) throw new Error("the insert returned no row");
  return row;
}

/** An added document as stored: the fields as sent, and the server's. */
function addedRow(row: Added, data: Record<string, unknown>, fileKey: string | null): DocumentRow {
  // A new document: written when it was made, at its first version (the columns' defaults).
  const createdAt = new Date(row.createdAt);
  return { id: row.id, data, createdAt, updatedAt: createdAt, version: 1, fileKey };
}

/** The answer to an add: the fields as sent, and the server's. */
function addedDocument(
  row: Added,
  data: Record<string, unknown>,
  fileKey: string | null,
  view: DocumentView,
) {
  return toDocument(addedRow(row, data, fileKey), view);
}

function addValues(options: {
  limits: DataLimits;
  scope: DocumentScope;
  data: Record<string, unknown>;
  size: number;
  fileKey?: string;
}): AddValues {
  return {
    project: options.scope.projectId,
    collection: options.scope.collection,
    data: JSON.stringify(options.data),
    size: options.size,
    fileKey: options.fileKey ?? null,
    limit: options.limits.maxDocuments,
  };
}

const randomStripe = () => Math.floor(Math.random() * DOCUMENT_USAGE_STRIPES);

/**
 * Counts the document in the project's usage and inserts it, in the caller's transaction: at
 * the limit it refuses, and adds at the same moment cannot pass it together (see
 * ADD_DOCUMENT and addCarefully).
 */
export async function insertDocument(
  tx: Tx,
  options: {
    limits: DataLimits;
    scope: DocumentScope;
    data: Record<string, unknown>;
    size: number;
    fileKey?: string;
    view: DocumentView;
  },
): Promise<DataDocument> {
  const values = addValues(options);
  const [row] = await runPrepared<Added>(tx, "add_document", ADD_DOCUMENT, {
    ...values,
    start: randomStripe(),
  });
  return addedDocument(
    row ?? (await addCarefully(tx, values)),
    options.data,
    values.fileKey,
    options.view,
  );
}

/** One add, alone: ADD_DOCUMENT, or the careful path when it raised no stripe. */
async function addAlone(db: Db, values: AddValues): Promise<Added> {
  const [added] = await runPrepared<Added>(db, "add_document", ADD_DOCUMENT, {
    ...values,
    start: randomStripe(),
  });
  return added ?? (await db.transaction((tx) => addCarefully(tx, values)));
}

/** At most this many adds, and about this many bytes of documents, in one statement. */
const ADDS_COMBINED = 50;
const ADDS_COMBINED_BYTES = 1_000_000;

/**
 * Adds to one collection (messages of a chat, 50 phones at once) each cost PostgreSQL a
 * statement and a commit, most of what an add costs it (decision 067). While one is written,
 * those that come to this server for the same collection wait, and are then written together in
 * one statement (ADD_DOCUMENTS, createCombinedWrites): one commit, one stripe raised by their
 * number. When that statement raises no stripe (none has room for them all) or fails, each goes
 * alone, and gets the answer it would have had. A batch holds ADDS_COMBINED adds and about
 * ADDS_COMBINED_BYTES.
 */
const combinedAdds = createCombinedWrites<AddValues, Added>({
  most: ADDS_COMBINED,
  mostBytes: ADDS_COMBINED_BYTES,
  alone: addAlone,
  together: addTogether,
});
const combineAdds = (db: Db, values: AddValues) =>
  combinedAdds(db, `${values.project}\n${values.collection}\n${values.limit}`, values, {
    bytes: values.size,
  });

/** Writes the waiting adds in one statement, or each alone; answers each. */
async function addTogether(db: Db, batch: WaitingWrite<AddValues, Added>[]): Promise<void> {
  const alone = () =>
    Promise.all(batch.map((one) => addAlone(db, one.item).then(one.resolve, one.reject)));
  const [first] = batch;
  if (!first || batch.length === 1) return void (await alone());
  const ids = batch.map(() => randomUUID());
  // The documents' JSON as checked and written by addValues, each inside the array as it is.
  const added = `[${batch
    .map((one, index) => `{"id":"${ids[index]}","size":${one.item.size},"data":${one.item.data}}`)
    .join(",")}]`;
  let rows: Added[];
  try {
    rows = await runPrepared<Added>(db, "add_documents", ADD_DOCUMENTS, {
      project: first.item.project,
      collection: first.item.collection,
      limit: first.item.limit,
      count: batch.length,
      start: randomStripe(),
      added,
    });
  } catch {
    // Nothing was written: each add alone gets its own answer (or its own error).
    return void (await alone());
  }
  if (rows.length === 0) return void (await alone());
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Answered in the order of their changes: the change feed then takes them in order.
  const answers = batch
    .map((one, index) => ({ one, row: byId.get(ids[index] as string) }))
    .sort((a, b) => Number(a.row?.changeId ?? 0) - Number(b.row?.changeId ?? 0));
  for (const { one, row } of answers) {
    if (row) one.resolve(row);
    else one.reject(new Error("a combined add returned no row for its document"));
  }
}

/**
 * Adds a document to the scope's collection (see checkDocument and insertDocument): usually
 * one statement, in one round trip, with no transaction around it; combined with the other adds
 * to the collection that come while one is written (combineAdds).
 */
export async function addDocument(options: {
  db: Db;
  pages: ListedPages;
  limits: DataLimits;
  scope: DocumentScope;
  data: Record<string, unknown>;
  view: DocumentView;
}): Promise<DataDocument> {
  const { db, pages } = options;
  const size = checkDocument(options.data, options.limits);
  options.scope.checkCreate(options.data);
  const values = addValues({ ...options, size });
  const row = await combineAdds(db, values);
  const stored = addedRow(row, options.data, null);
  const { scope } = options;
  pages.changed(scope.key, {
    id: Number(row.changeId),
    op: "insert",
    projectId: scope.projectId,
    collection: scope.collection,
    documentId: row.id,
    document: stored,
  });
  return toDocument(stored, options.view);
}

/**
 * A deleted document's place given back, in the delete's transaction: one stripe above 0 not
 * held by another write is lowered, or, all being held, the first above 0 once free.
 */
async function releaseDocument(tx: Tx, projectId: string) {
  const [lowered] = await runPrepared(tx, "release_document", RELEASE_DOCUMENT, {
    project: projectId,
    start: randomStripe(),
  });
  if (!lowered) {
    await runPrepared(tx, "release_document_waiting", RELEASE_DOCUMENT_WAITING, {
      project: projectId,
    });
  }
}
const RELEASE_DOCUMENT = `
UPDATE "document_usage" SET "documents" = "document_usage"."documents" - 1 FROM (
  SELECT "stripe" FROM "document_usage" WHERE "project_id" = $project AND "documents" > 0
  ORDER BY ("stripe" + $start::int) % ${DOCUMENT_USAGE_STRIPES} LIMIT 1 FOR UPDATE SKIP LOCKED
) AS one
WHERE "document_usage"."project_id" = $project AND "document_usage"."stripe" = one."stripe"
RETURNING 1 AS "lowered"`;
const RELEASE_DOCUMENT_WAITING = `
UPDATE "document_usage" SET "documents" = "document_usage"."documents" - 1 FROM (
  SELECT "stripe" FROM "document_usage" WHERE "project_id" = $project AND "documents" > 0
  ORDER BY "stripe" LIMIT 1 FOR UPDATE
) AS one
WHERE "document_usage"."project_id" = $project AND "document_usage"."stripe" = one."stripe"`;

/**
 * The statements every read runs, prepared under their names (runPrepared): their rows are
 * answered as the driver gives them, with no mapping, the columns as documentTextColumns reads
 * them. The scope's condition (document-scope.ts: the project and the collection) is written
 * here as `project` and `collection`, and must follow it when a scope narrows further.
 */
const DOCUMENT_TEXT = `"id", "data"::text AS "data",
  ${microsecondsText('"created_at"')} AS "createdAt",
  ${microsecondsText('"updated_at"')} AS "updatedAt",
  "version", "file_key" AS "fileKey"`;
const GET_DOCUMENT = `
SELECT ${DOCUMENT_TEXT} FROM "documents"
WHERE "id" = $id AND "project_id" = $project AND "collection" = $collection
LIMIT 1`;
// A row's creation time, to the microsecond, is also the cursor after it.
const LIST_DOCUMENTS = `
SELECT ${DOCUMENT_TEXT} FROM "documents"
WHERE "project_id" = $project AND "collection" = $collection
ORDER BY "created_at" DESC, "id" DESC
LIMIT $limit`;
const LIST_DOCUMENTS_AFTER = `
SELECT ${DOCUMENT_TEXT} FROM "documents"
WHERE "project_id" = $project AND "collection" = $collection
  AND ("created_at", "id") < ($time::timestamptz, $id::uuid)
ORDER BY "created_at" DESC, "id" DESC
LIMIT $limit`;

/**
 * One page of the scope's collection, newest first (ties broken by id), in one query, or as
 * remembered while the collection is unchanged (`pages`), as JSON (documentsPageJson): what is
 * remembered is these bytes, and what they weigh is their length. `cursor` (a page's
 * `nextCursor`) starts just after that document, whether or not it still exists, so documents
 * added meanwhile never shift an older one onto the next page twice.
 */
export async function listDocuments(options: {
  db: Db;
  pages: ListedPages;
  scope: DocumentScope;
  limit?: number;
  cursor?: PageCursor;
  view: DocumentView;
}): Promise<Buffer> {
  const { db, scope, limit = DOCUMENTS_PAGE_SIZE, cursor, view } = options;
  const place = cursor ? writePageCursor(cursor) : "";
  return options.pages.page(scope.key, `${limit}\n${place}`, async () => {
    // One more than the page: whether an older page exists, without a second query.
    const values = { project: scope.projectId, collection: scope.collection, limit: limit + 1 };
    const rows = cursor
      ? await runPrepared<DocumentText>(db, "list_documents_after", LIST_DOCUMENTS_AFTER, {
          ...values,
          time: cursor.time,
          id: cursor.id,
        })
      : await runPrepared<DocumentText>(db, "list_documents", LIST_DOCUMENTS, values);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return Buffer.from(
      documentsPageJson(
        page.map((row) => documentJson(row, view)),
        rows.length > limit && last ? writePageCursor({ time: last.createdAt, id: last.id }) : null,
      ),
    );
  });
}

export const isUuid = (id: string) => DOCUMENT_ID.test(id);

/** The document `id` in the scope: another project's or collection's is not it. */
export const oneDocument = (
  scope: DocumentScope,
  id: string,
  /** For a caller bound by access rules, the rule that must allow it (decision 044). */
  action: "get" | "delete" = "get",
) => and(eq(documents.id, id), scope.where(action));

/**
 * The document as JSON (documentJson), or undefined: unknown, or out of the scope (another
 * collection or project).
 */
export async function getDocument(options: {
  db: Db;
  scope: DocumentScope;
  id: string;
  view: DocumentView;
}): Promise<string | undefined> {
  const { db, scope, id } = options;
  if (!isUuid(id)) return undefined;
  const [row] = scope.ruled
    ? await db.select(documentTextColumns).from(documents).where(oneDocument(scope, id))
    : await runPrepared<DocumentText>(db, "get_document", GET_DOCUMENT, {
        id,
        project: scope.projectId,
        collection: scope.collection,
      });
  return row ? documentJson(row, options.view) : undefined;
}

/** The caller's collections with their document counts, by name, in one query. */
export async function listCollections(options: { db: Db; caller: DataCaller }) {
  const rows = await options.db
    .select({ name: documents.collection, documents: sql<number>`count(*)`.mapWith(Number) })
    .from(documents)
    .where(callerDocuments(options.caller))
    .groupBy(documents.collection)
    .orderBy(documents.collection);
  return { collections: rows };
}

/**
 * Deletes the document, gives its count and its file's bytes back and forgets its file's
 * record, in one transaction; then removes the file (a crash in between leaves a file without a
 * record, which the file sweep removes). False when there was no such document; with
 * `ifVersion`, a document at another version is not deleted (409 CONFLICT, decision 037).
 */
export async function deleteDocument(options: {
  db: Db;
  pages: ListedPages;
  storage: Storage;
  scope: DocumentScope;
  id: string;
  ifVersion?: number;
}): Promise<boolean> {
  const { db, scope, id, ifVersion } = options;
  const { projectId } = scope;
  if (!isUuid(id)) return false;
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(documents)
      .where(
        and(
          oneDocument(scope, id, "delete"),
          ifVersion === undefined ? undefined : eq(documents.version, ifVersion),
        ),
      )
      .returning({ fileKey: documents.fileKey });
    if (!row) {
      if (ifVersion === undefined && !scope.ruled) return null;
      // Told apart on the failure path only: the document is there at another version, or
      // the caller may see it but the delete rule refuses.
      const [other] = await tx
        .select({
          version: documents.version,
          deletable: scope.ruled ? sql<boolean>`${scope.where("delete")}` : sql<boolean>`true`,
        })
        .from(documents)
        .where(oneDocument(scope, id));
      if (!other) return null;
      if (!other.deletable) throw new AppError(ErrorCodes.FORBIDDEN, RulesTexts.deleteRefused);
      if (ifVersion !== undefined && other.version !== ifVersion) {
        throw AppError.conflict(DataTexts.versionConflict);
      }
      return null;
    }
    // The project's bytes before its document count, in the order an add with a file takes
    // them (document-files.ts): two such writes never hold one each while waiting for the other.
    if (row.fileKey) {
      const [file] = await tx
        .delete(storedFiles)
        .where(eq(storedFiles.key, row.fileKey))
        .returning({ size: storedFiles.size });
      if (file) await releaseProjectBytes(tx, projectId, file.size);
    }
    await releaseDocument(tx, projectId);
    return row;
  });
  if (!deleted) return false;
  options.pages.changed(scope.key);
  if (deleted.fileKey) await options.storage.remove(deleted.fileKey).catch(() => {});
  return true;
}
