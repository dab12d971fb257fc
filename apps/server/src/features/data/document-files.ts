import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DataTexts } from "@hybridge/shared/data/texts";
import sharp from "sharp";
import type { Db } from "../../platform/db/client";
import { AppError } from "../../platform/errors";
import { type FileUpload, multipartError } from "../../platform/multipart-form";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
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

/** Images larger than this are refused before they are decoded (sharp's own check). */
const MAX_PIXELS = 40_000_000;

/** The whole upload, up to `maxBytes` (over it: 413 without reading the rest). */
async function readWhole(upload: FileUpload<"file">, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of upload.stream) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        upload.stream.destroy();
        throw new AppError(
          ErrorCodes.PAYLOAD_TOO_LARGE,
          DataTexts.fileTooLarge(Math.round(maxBytes / 1024 / 1024)),
        );
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw multipartError(error);
  }
  return Buffer.concat(chunks);
}

/**
 * What is stored of an uploaded file, judged by its content alone: an image is decoded and
 * written again by sharp (auto-oriented, without its metadata — no GPS position, no trailing
 * bytes, no second file hidden in it), in its own format (a GIF becomes a PNG); a PDF is kept as
 * sent when it has a PDF's header and end marker. Anything else is refused.
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
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: "error" });
    const { format } = await image.metadata();
    const oriented = image.rotate();
    if (format === "jpeg") return { body: await oriented.jpeg().toBuffer(), extension: "jpg" };
    if (format === "webp") return { body: await oriented.webp().toBuffer(), extension: "webp" };
    if (format === "png" || format === "gif") {
      return { body: await oriented.png().toBuffer(), extension: "png" };
    }
  } catch {
    // not an image sharp can read: refused below
  }
  throw AppError.validation(DataTexts.fileType);
}

/**
 * Adds a document with a file: the file is checked and cleaned (cleanDataFile), stored, then
 * recorded with the document in one transaction, whose answer carries the file's address in
 * `fileUrl`. Whatever fails, neither the file nor the document stays.
 */
export async function addDocumentWithFile(options: {
  db: Db;
  pages: ListedPages;
  storage: Storage;
  limits: DataLimits & { maxFileBytes: number };
  projectId: string;
  ownerId: string;
  collection: string;
  data: Record<string, unknown>;
  upload: FileUpload<"file">;
  view: DocumentView;
}): Promise<DataDocument> {
  const { db, storage, limits, projectId, collection, data, view } = options;
  const size = checkDocument(data, limits);
  const { body, extension } = await cleanDataFile(
    await readWhole(options.upload, limits.maxFileBytes),
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
      return insertDocument(tx, { limits, projectId, collection, data, size, fileKey: key, view });
    });
    options.pages.changed(projectId, collection);
    return document;
  } catch (error) {
    await storage.remove(key).catch(() => {});
    throw error;
  }
}
