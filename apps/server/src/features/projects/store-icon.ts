import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import {
  checkIconName,
  createSvgIconInspector,
  ICON_RULES,
  type IconKind,
  SVG_ICON_TYPE,
} from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import { AppError } from "../../platform/errors";
import { MAX_IMAGE_PIXELS, reencodeImage } from "../../platform/images";
import { type FileUpload, readWholeFile } from "../../platform/multipart-form";
import { type Storage, saveCheckedUpload } from "../../platform/storage";

/** One icon file of a request, not read yet. */
export type IconUpload = FileUpload<IconKind>;
export type StoredIcon = { kind: IconKind; key: string; contentType: string; size: number };

/** Where the icons are stored (spec section 7). */
const ICONS_FOLDER = "app-icons";

/**
 * Stores one icon under app-icons/ after checking its name and size limit. A launch icon is
 * decoded and written again as this server's own 512×512 PNG (platform/images.ts: a PNG or JPEG
 * however it was exported, without its metadata or anything after its end; not 512×512 once
 * oriented → its message); a notification icon is streamed through the SVG allowlist. Whatever
 * fails, nothing stays in storage; the caller records the file (stored_files) in its own
 * transaction.
 */
export async function storeIcon(options: {
  storage: Storage;
  upload: IconUpload;
}): Promise<StoredIcon> {
  const { storage, upload } = options;
  const { kind, fileName } = upload;
  const rule = ICON_RULES[kind];
  const tooLarge = () =>
    new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, FilesTexts.tooLarge(rule.maxLabel));

  const nameProblem = checkIconName(kind, fileName);
  if (nameProblem) {
    // Refused by its name: the file is not read at all.
    upload.stream.destroy();
    throw AppError.validation(nameProblem);
  }

  if (kind === "launch") {
    const image = await reencodeImage(await readWholeFile(upload.stream, rule.maxBytes, tooLarge), {
      format: "png",
      maxPixels: MAX_IMAGE_PIXELS,
      exactSize: { width: rule.width, height: rule.height },
      messages: {
        notImage: FilesTexts.notRaster,
        tooManyPixels: rule.sizeMessage,
        wrongSize: rule.sizeMessage,
      },
    });
    const key = `${ICONS_FOLDER}/${randomUUID()}.${image.extension}`;
    await storage.put(key, Readable.from([image.body]));
    return { kind, key, contentType: image.contentType, size: image.body.length };
  }

  const stored = await saveCheckedUpload({
    storage,
    source: upload.stream,
    sniffBytes: 1,
    // Any bytes may start an SVG (a BOM, spaces, a comment): the allowlist judges the whole.
    identify: () => SVG_ICON_TYPE,
    folder: ICONS_FOLDER,
    maxBytes: rule.maxBytes,
    inspector: createSvgIconInspector(),
    errors: {
      invalid: (check) =>
        AppError.validation(check && !check.ok ? check.message : FilesTexts.notSvg),
      tooLarge,
    },
  });
  return { kind, ...stored };
}
