import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { readVideoType } from "@hybridge/shared/files/video";
import {
  createModuleVideoInspector,
  MODULE_MEDIA_RULES,
  MODULE_VIDEO_TYPES,
  type ModuleMediaKind,
  THUMBNAIL_BOX,
  THUMBNAIL_MAX_PIXELS,
  tooLargeMessage,
} from "@hybridge/shared/store/media";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { AppError } from "../../platform/errors";
import { reencodeImage } from "../../platform/images";
import { type FileUpload, readWholeFile } from "../../platform/multipart-form";
import { type Storage, saveCheckedUpload } from "../../platform/storage";

export type StoredMedia = { kind: ModuleMediaKind; key: string; contentType: string; size: number };

/** Enough leading bytes to tell MP4 from WebM. */
const SNIFF_BYTES = 12;

/** A thumbnail or video that could not be written (not the user's file's fault). */
export const UPLOAD_FAILED = "UPLOAD_FAILED";

/**
 * A thumbnail as stored: the picture decoded and written again as this server's WebP
 * (platform/images.ts), scaled down to THUMBNAIL_BOX, without metadata or anything else the file
 * carried; refused when it is not an image or has more than THUMBNAIL_MAX_PIXELS.
 */
export function encodeThumbnail(bytes: Buffer) {
  return reencodeImage(bytes, {
    format: "webp",
    maxPixels: THUMBNAIL_MAX_PIXELS,
    fitWithin: { width: THUMBNAIL_BOX, height: THUMBNAIL_BOX },
    messages: {
      notImage: StoreTexts.notAnImage,
      tooManyPixels: StoreTexts.thumbnailTooBig(THUMBNAIL_MAX_PIXELS / 1_000_000),
    },
  });
}

/**
 * Stores a module's thumbnail or video (module-thumbnails/, module-videos/), judged by its
 * content; the file's name plays no part. A thumbnail is re-encoded (encodeThumbnail); a video
 * is streamed through its container's walk (an MP4 or WebM to its last byte). Whatever fails,
 * nothing stays in storage; the caller records the file (stored_files) in its own transaction.
 */
export async function storeModuleMedia(options: {
  storage: Storage;
  upload: FileUpload<ModuleMediaKind>;
}): Promise<StoredMedia> {
  const { storage, upload } = options;
  const { kind } = upload;
  const rule = MODULE_MEDIA_RULES[kind];
  const tooLarge = () => new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, tooLargeMessage(kind));

  if (kind === "thumbnail") {
    const image = await encodeThumbnail(
      await readWholeFile(upload.stream, rule.maxBytes, tooLarge),
    );
    const key = `${rule.folder}/${randomUUID()}.${image.extension}`;
    try {
      await storage.put(key, Readable.from([image.body]));
    } catch (cause) {
      await storage.remove(key).catch(() => {});
      throw uploadFailed(kind, cause);
    }
    return { kind, key, contentType: image.contentType, size: image.body.length };
  }

  const stored = await saveCheckedUpload({
    storage,
    source: upload.stream,
    sniffBytes: SNIFF_BYTES,
    identify: (head) => {
      const type = readVideoType(head);
      return type ? MODULE_VIDEO_TYPES[type] : null;
    },
    folder: rule.folder,
    maxBytes: rule.maxBytes,
    inspector: createModuleVideoInspector(),
    errors: {
      invalid: (check) =>
        AppError.validation(check && !check.ok ? check.message : rule.invalidMessage),
      tooLarge,
      failed: (cause) => uploadFailed(kind, cause),
    },
  });
  return { kind, ...stored };
}

function uploadFailed(kind: ModuleMediaKind, cause: unknown) {
  const message =
    kind === "thumbnail" ? StoreTexts.thumbnailUploadFailed : StoreTexts.videoUploadFailed;
  return Object.assign(new AppError(UPLOAD_FAILED, message, 500), { cause });
}
