import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import {
  checkIconName,
  createIconInspector,
  ICON_RULES,
  ICON_TYPES,
  type IconKind,
  type IconType,
} from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import { AppError } from "../../platform/errors";
import { type FileUpload, isMultipartFileTooLarge } from "../../platform/multipart-form";
import { type Storage, saveUpload, UploadTooLargeError } from "../../platform/storage";

/** One icon file of a request, not read yet. */
export type IconUpload = FileUpload<IconKind>;
export type StoredIcon = { kind: IconKind; key: string; contentType: string; size: number };

/** Reads the first chunk (to learn the file's type before naming it) and gives the stream back. */
async function peek(stream: Readable): Promise<{ first: Buffer | null; rest: Readable }> {
  const iterator = stream[Symbol.asyncIterator]();
  const head = await iterator.next();
  if (head.done) return { first: null, rest: stream };
  const rest = Readable.from(
    (async function* () {
      yield head.value as Buffer;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        yield next.value as Buffer;
      }
    })(),
    { objectMode: false },
  );
  return { first: head.value as Buffer, rest };
}

function typeOf(kind: IconKind, first: Buffer): IconType | null {
  if (kind === "notification") return "svg";
  if (first[0] === 0x89) return "png";
  if (first[0] === 0xff) return "jpeg";
  return null;
}

/**
 * Streams one icon into storage under app-icons/, checking its name, its size limit and its
 * content (a real 512×512 PNG/JPEG, or a safe 48×48 SVG) on the way. Whatever fails, nothing
 * stays in storage; the caller records the file (stored_files) in its own transaction.
 */
export async function storeIcon(options: {
  storage: Storage;
  upload: IconUpload;
}): Promise<StoredIcon> {
  const { storage, upload } = options;
  const { kind, fileName } = upload;
  const rule = ICON_RULES[kind];
  const drain = () => upload.stream.resume();

  const nameProblem = checkIconName(kind, fileName);
  if (nameProblem) {
    drain();
    throw AppError.validation(nameProblem);
  }
  const { first, rest } = await peek(upload.stream);
  const type = first ? typeOf(kind, first) : null;
  if (!first || !type) {
    rest.resume();
    throw AppError.validation(kind === "launch" ? FilesTexts.notRaster : FilesTexts.notSvg);
  }

  const { contentType, extension } = ICON_TYPES[type];
  const key = `app-icons/${randomUUID()}.${extension}`;
  const inspector = createIconInspector(kind);
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
      throw new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, FilesTexts.tooLarge(rule.maxLabel));
    }
    throw error;
  }
  const check = inspector.finish();
  if (!check.ok || check.contentType !== contentType) {
    await storage.remove(key);
    throw AppError.validation(check.ok ? FilesTexts.notRaster : check.message);
  }
  return { kind, key, contentType, size };
}
