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
import { type Storage, saveCheckedUpload } from "../../platform/storage";

export type StoredMedia = { kind: ModuleMediaKind; key: string; contentType: string; size: number };

/** Enough leading bytes to tell every accepted type apart (WebP and MP4 need 12). */
const SNIFF_BYTES = 12;

/** A thumbnail or video that could not be written (not the user's file's fault). */
export const UPLOAD_FAILED = "UPLOAD_FAILED";

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

  const stored = await saveCheckedUpload({
    storage,
    source: upload.stream,
    sniffBytes: SNIFF_BYTES,
    identify: (head) => {
      const type = announcedType(kind, head);
      return type ? MODULE_MEDIA_TYPES[type] : null;
    },
    folder: rule.folder,
    maxBytes: rule.maxBytes,
    inspector: createModuleMediaInspector(kind),
    errors: {
      invalid: (check) =>
        AppError.validation(check && !check.ok ? check.message : rule.invalidMessage),
      tooLarge: () => new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, tooLargeMessage(kind)),
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
