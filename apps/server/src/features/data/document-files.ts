import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import { MAX_IMAGE_PIXELS, reencodeImage } from "../../platform/images";
import { type FileUpload, readWholeFile } from "../../platform/multipart-form";
import { projectBytesLeft, reserveProjectBytes, storageFull } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import type { DocumentScope } from "./document-scope";
import {
  checkDocument,
  DATA_FILES_FOLDER,
  type DataLimits,
  type DocumentView,
  insertDocument,
  type ListedPages,
} from "./documents";

/** The file types a document may carry, by the extension they are stored and served with. */
export const DATA_FILE_TYPES = {
  png: "image/png",
  jpg: "image/jpeg",
  webp: "image/webp",
  pdf: "application/pdf",
} as const;
export type DataFileExtension = keyof typeof DATA_FILE_TYPES;

/**
 * What is stored of an uploaded file, judged by its content alone: an image is decoded and
 * written again (platform/images.ts: oriented, without its metadata — no GPS position, no
 * trailing bytes, no second file hidden in it), a JPEG or WebP as one, anything else as a PNG;
 * a PDF is kept as sent when it has a PDF's header and end marker. Anything else is refused.
 */
export async function cleanDataFile(
  bytes: Buffer,
): Promise<{ body: Buffer; extension: DataFileExtension }> {
  if (bytes.length === 0) throw AppError.validation(DataTexts.fileRequired);
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString("latin1");
  if (bytes.subarray(0, 5).toString("latin1") === "%PDF-") {
    if (!tail.includes("%%EOF")) throw AppError.validation(DataTexts.fileType);
    return { body: bytes, extension: "pdf" };
  }
  const image = await reencodeImage(bytes, {
    format: "source",
    maxPixels: MAX_IMAGE_PIXELS,
    messages: { notImage: DataTexts.fileType, tooManyPixels: DataTexts.fileType },
  });
  return { body: image.body, extension: image.extension };
}

/**
 * Adds a document with a file: the file is checked and cleaned (cleanDataFile), stored, then
 * recorded with the document in one transaction, whose answer carries the file's address in
 * `fileUrl`. Whatever fails, neither the file nor the document stays.
 *
 * The file counts in the project's storage (PROJECT_MAX_STORAGE_MB, decision 035): a full
 * project is refused before the file is read, and the stored size is counted in the document's
 * transaction by one conditional statement, so files added at once cannot pass the limit.
 */
export async function addDocumentWithFile(options: {
  db: Db;
  pages: ListedPages;
  storage: Storage;
  limits: DataLimits & { maxFileBytes: number };
  /** The most the project's files may take (PROJECT_MAX_STORAGE_MB). */
  maxProjectBytes: number;
  scope: DocumentScope;
  /** The project's owner, whose stored files it adds to. */
  ownerId: string;
  data: Record<string, unknown>;
  upload: FileUpload<"file">;
  view: DocumentView;
}): Promise<DataDocument> {
  const { db, storage, limits, scope, data, view } = options;
  const { projectId } = scope;
  const size = checkDocument(data, limits);
  scope.checkCreate(data);
  if ((await projectBytesLeft(db, projectId, options.maxProjectBytes)) <= 0) {
    options.upload.stream.destroy();
    throw storageFull(options.maxProjectBytes);
  }
  const { body, extension } = await cleanDataFile(
    await readWholeFile(
      options.upload.stream,
      limits.maxFileBytes,
      () =>
        new AppError(
          ErrorCodes.PAYLOAD_TOO_LARGE,
          DataTexts.fileTooLarge(Math.round(limits.maxFileBytes / 1024 / 1024)),
        ),
    ),
  );
  const key = `${DATA_FILES_FOLDER}/${randomUUID()}.${extension}`;
  await storage.put(key, Readable.from([body]));
  try {
    const document = await db.transaction(async (tx) => {
      await recordStoredFiles(tx, storage, [
        {
          key,
          ownerId: options.ownerId,
          contentType: DATA_FILE_TYPES[extension],
          size: body.length,
        },
      ]);
      await reserveProjectBytes(tx, {
        projectId,
        bytes: body.length,
        maxBytes: options.maxProjectBytes,
      });
      return insertDocument(tx, { limits, scope, data, size, fileKey: key, view });
    });
    options.pages.changed(scope.key);
    return document;
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}
