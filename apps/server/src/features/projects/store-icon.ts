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
import type { FileUpload } from "../../platform/multipart-form";
import { type Storage, saveCheckedUpload } from "../../platform/storage";

/** One icon file of a request, not read yet. */
export type IconUpload = FileUpload<IconKind>;
export type StoredIcon = { kind: IconKind; key: string; contentType: string; size: number };

function typeOf(kind: IconKind, first: Buffer): IconType | null {
  if (kind === "notification") return "svg";
  if (first[0] === 0x89) return "png";
  if (first[0] === 0xff) return "jpeg";
  return null;
}

/**
 * Streams one icon into storage under app-icons/, checking its name, its size limit and its
 * content (a whole, well-formed 512×512 PNG/JPEG, or a safe 48×48 SVG) on the way; a launch
 * icon whose bytes stop making sense is refused there, without reading the rest. Whatever
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

  const nameProblem = checkIconName(kind, fileName);
  if (nameProblem) {
    // Refused by its name: the file is not read at all.
    upload.stream.destroy();
    throw AppError.validation(nameProblem);
  }
  const stored = await saveCheckedUpload({
    storage,
    source: upload.stream,
    sniffBytes: 1,
    identify: (head) => {
      const type = typeOf(kind, head);
      return type ? ICON_TYPES[type] : null;
    },
    folder: "app-icons",
    maxBytes: rule.maxBytes,
    inspector: createIconInspector(kind),
    errors: {
      invalid: (check) =>
        AppError.validation(
          check && !check.ok
            ? check.message
            : kind === "launch"
              ? FilesTexts.notRaster
              : FilesTexts.notSvg,
        ),
      tooLarge: () =>
        new AppError(ErrorCodes.PAYLOAD_TOO_LARGE, FilesTexts.tooLarge(rule.maxLabel)),
    },
  });
  return { kind, ...stored };
}
