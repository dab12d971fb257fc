import { ErrorCodes } from "@hybridge/shared/common/errors";
import { type PageCursor, writePageCursor } from "@hybridge/shared/common/paging";
import { operationInDocument } from "@hybridge/shared/data/operations";
import type { DataDocument, DocumentsResponse } from "@hybridge/shared/data/schemas";
import { DOCUMENT_ID, DOCUMENTS_PAGE_SIZE, RESERVED_FIELDS } from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { documents, documentUsage, storedFiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { releaseProjectBytes } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import type { DocumentPages } from "./document-pages";
import { callerDocuments, type DataCaller, type DocumentScope } from "./document-scope";

export type DataLimits = { maxDocumentBytes: number; maxDocuments: number };

type Row = {
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
export type ListedPages = DocumentPages<DocumentsResponse>;

/** A stored document as the API answers it: its fields, then the server's. */
export function toDocument(row: Row, view: DocumentView): DataDocument {
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

/** A document's place in its list, as a cursor carries it: its time to the microsecond. */
const cursorTime = sql<string>`to_char(${documents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

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
 * Counts the document in the project's usage and inserts it, in the caller's transaction: at
 * the limit it refuses, and two adds at the same moment cannot pass it together (the count is
 * raised by one conditional UPDATE, which the second waits for).
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
  const { limits, scope, data, size } = options;
  const { projectId, collection } = scope;
  // One statement: the project's first document makes its row, later ones raise the count while
  // it is under the limit (no row comes back at the limit).
  const counted = await tx
    .insert(documentUsage)
    .values({ projectId, documents: 1 })
    .onConflictDoUpdate({
      target: documentUsage.projectId,
      set: { documents: sql`${documentUsage.documents} + 1` },
      setWhere: sql`${documentUsage.documents} < ${limits.maxDocuments}`,
    })
    .returning({ documents: documentUsage.documents });
  if (counted.length === 0) {
    throw new AppError(ErrorCodes.CONFLICT, DataTexts.tooMany(limits.maxDocuments));
  }
  const [row] = await tx
    .insert(documents)
    .values({ projectId, collection, data, size, fileKey: options.fileKey ?? null })
    .returning(documentColumns);
  if (!row) throw new Error("the insert returned no row");
  return toDocument(row, options.view);
}

/** Adds a document to the scope's collection (see checkDocument and insertDocument). */
export async function addDocument(options: {
  db: Db;
  pages: ListedPages;
  limits: DataLimits;
  scope: DocumentScope;
  data: Record<string, unknown>;
  view: DocumentView;
}): Promise<DataDocument> {
  const { db, pages, ...rest } = options;
  const size = checkDocument(options.data, options.limits);
  const document = await db.transaction((tx) => insertDocument(tx, { ...rest, size }));
  pages.changed(options.scope.key);
  return document;
}

/**
 * One page of the scope's collection, newest first (ties broken by id), in one query, or as
 * remembered while the collection is unchanged (`pages`). `cursor` (a page's `nextCursor`)
 * starts just after that document, whether or not it still exists, so documents added
 * meanwhile never shift an older one onto the next page twice.
 */
export async function listDocuments(options: {
  db: Db;
  pages: ListedPages;
  scope: DocumentScope;
  limit?: number;
  cursor?: PageCursor;
  view: DocumentView;
}): Promise<DocumentsResponse> {
  const { db, scope, limit = DOCUMENTS_PAGE_SIZE, cursor } = options;
  const place = cursor ? writePageCursor(cursor) : "";
  return options.pages.page(scope.key, `${limit}\n${place}`, async () => {
    const rows = await db
      .select({ ...documentColumns, size: documents.size, cursor: cursorTime })
      .from(documents)
      .where(
        and(
          scope.where(),
          cursor
            ? sql`(${documents.createdAt}, ${documents.id}) < (${cursor.time}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(documents.createdAt), desc(documents.id))
      // One more than the page: whether an older page exists, without a second query.
      .limit(limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      value: {
        documents: page.map((row) => toDocument(row, options.view)),
        nextCursor:
          rows.length > limit && last ? writePageCursor({ time: last.cursor, id: last.id }) : null,
      },
      bytes: page.reduce((total, row) => total + row.size, 0),
    };
  });
}

export const isUuid = (id: string) => DOCUMENT_ID.test(id);

/** The document `id` in the scope: another project's or collection's is not it. */
export const oneDocument = (scope: DocumentScope, id: string) =>
  and(eq(documents.id, id), scope.where());

/** The document, or undefined: unknown, or out of the scope (another collection or project). */
export async function getDocument(options: {
  db: Db;
  scope: DocumentScope;
  id: string;
  view: DocumentView;
}): Promise<DataDocument | undefined> {
  const { db, scope, id } = options;
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(documentColumns)
    .from(documents)
    .where(oneDocument(scope, id))
    .limit(1);
  return row ? toDocument(row, options.view) : undefined;
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
          oneDocument(scope, id),
          ifVersion === undefined ? undefined : eq(documents.version, ifVersion),
        ),
      )
      .returning({ fileKey: documents.fileKey });
    if (!row) {
      if (ifVersion === undefined) return null;
      // Told apart on the failure path only: the document is there at another version.
      const [other] = await tx
        .select({ version: documents.version })
        .from(documents)
        .where(oneDocument(scope, id));
      if (other) throw AppError.conflict(DataTexts.versionConflict);
      return null;
    }
    await tx
      .update(documentUsage)
      .set({ documents: sql`${documentUsage.documents} - 1` })
      .where(eq(documentUsage.projectId, projectId));
    if (row.fileKey) {
      const [file] = await tx
        .delete(storedFiles)
        .where(eq(storedFiles.key, row.fileKey))
        .returning({ size: storedFiles.size });
      if (file) await releaseProjectBytes(tx, projectId, file.size);
    }
    return row;
  });
  if (!deleted) return false;
  options.pages.changed(scope.key);
  if (deleted.fileKey) await options.storage.remove(deleted.fileKey).catch(() => {});
  return true;
}
