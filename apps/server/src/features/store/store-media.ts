import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { readVideoType } from "@hybridge/shared/files/video";
import { isWebpSignature } from "@hybridge/shared/files/webp";
import {
  createModuleMediaInspector,
  MODULE_MEDIA_RULES,
  MODULE_MEDIA_TYPES,
  type ModuleMediaKind,
  type ModuleMediaType,
  tooLargeMessage,
} from "@hybridge/shared/store/media";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { AppError } from "../../platform/errors";
import type { FileUpload } from "../../platform/multipart-form";
import { isMultipartFileTooLarge } from "../../platform/multipart-form";
import { type Storage, saveUpload, UploadTooLargeError } from "../../platform/storage";

export type StoredMedia = { kind: ModuleMediaKind; key: string; contentType: string; size: number };

/** Enough leading bytes to tell every accepted type apart (WebP and MP4 need 12). */
const SNIFF_BYTES = 12;

/** A thumbnail or video that could not be written (not the user's file's fault). */
export const UPLOAD_FAILED = "UPLOAD_FAILED";

/**
 * Reads the first bytes (to learn the file's type before naming it) and gives back a stream
 * that still yields every byte. Short chunks are gathered until there are enough.
 */
async function readHead(stream: Readable, size: number): Promise<{ head: Buffer; rest: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = next.value as Buffer;
    chunks.push(chunk);
    length += chunk.length;
  }
  const head = Buffer.concat(chunks);
  const rest = Readable.from(
    (async function* () {
      if (head.length > 0) yield head;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    })(),
    { objectMode: false },
  );
  return { head, rest };
}

/** The type the first bytes announce; the full check runs on the way to storage. */
function announcedType(kind: ModuleMediaKind, head: Buffer): ModuleMediaType | null {
  if (kind === "video") return readVideoType(head);
  if (head[0] === 0x89 && head.subarray(1, 4).toString("latin1") === "PNG") return "png";
  if (head[0] === 0xff && head[1] === 0xd8) return "jpeg";
  if (isWebpSignature(head)) return "webp";
  return null;
}

/**
 * Streams a module's thumbnail or video into storage (module-thumbnails/, module-videos/),
 * checking its size limit and its content (a real PNG/JPEG/WebP image, an MP4/WebM video) on
 * the way; the file's name plays no part. Whatever fails, nothing stays in storage; the caller
 * records the file (stored_files) in its own transaction.
 */
export async function storeModuleMedia(options: {
  storage: Storage;
  upload: FileUpload<ModuleMediaKind>;
}): Promise<StoredMedia> {
  const { storage, upload } = options;
  const { kind } = upload;
  const rule = MODULE_MEDIA_RULES[kind];

  let head: Buffer;
  let rest: Readable;
  try {
    ({ head, rest } = await readHead(upload.stream, SNIFF_BYTES));
  } catch (error) {
    throw uploadFailed(kind, error);
  }
  const type = announcedType(kind, head);
  if (!type) {
    rest.resume();
    throw AppError.validation(rule.invalidMessage);
  }

  const { contentType, extension } = MODULE_MEDIA_TYPES[type];
  const key = `${rule.folder}/${randomUUID()}.${extension}`;
  const inspector = createModuleMediaInspector(kind);
  let size: number;
  try {
    ({ size } = await saveUpload({
      storage,
      key,
      source: rest,
      maxBytes: rule.maxBytes,
      observe: inspector.push,
    }));
  } catch (error) {
    if (error instanceof UploadTooLargeError || isMultipartFileTooLarge(error)) {
      throw new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, tooLargeMessage(kind));
    }
    throw uploadFailed(kind, error);
  }
  const check = inspector.finish();
  if (!check.ok || check.contentType !== contentType) {
    await storage.remove(key);
    throw AppError.validation(rule.invalidMessage);
  }
  return { kind, key, contentType, size };
}

function uploadFailed(kind: ModuleMediaKind, cause: unknown) {
  const message =
    kind === "thumbnail" ? StoreTexts.thumbnailUploadFailed : StoreTexts.videoUploadFailed;
  return Object.assign(new AppError(UPLOAD_FAILED, message, 500), { cause });
}
