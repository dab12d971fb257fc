import { dispatchInspector, type FormatInspector } from "../files/inspector";
import { withPixelRule } from "../files/pixel-size";
import { createJpegInspector, createPngInspector } from "../files/raster";
import { createVideoInspector } from "../files/video";
import { createWebpInspector, isWebpSignature } from "../files/webp";
import { StoreTexts } from "./texts";

/**
 * A module's two media files (spec section 5): a thumbnail (PNG, JPEG or WebP) and an optional
 * demo video (MP4 or WebM). Both are recognised by their content, never by their name; the
 * browser runs the same checks on the picked file, the server's answer is the one that counts.
 */
export const MODULE_MEDIA_KINDS = ["thumbnail", "video"] as const;
export type ModuleMediaKind = (typeof MODULE_MEDIA_KINDS)[number];

export type ModuleMediaRule = {
  maxBytes: number;
  maxLabel: string;
  /** For the file picker's `accept` (a hint only). */
  accept: string;
  /** Storage folder (spec section 7's module-thumbnails/ and module-videos/). */
  folder: string;
  invalidMessage: string;
};

export const MODULE_MEDIA_RULES: Record<ModuleMediaKind, ModuleMediaRule> = {
  thumbnail: {
    maxBytes: 5 * 1024 * 1024,
    maxLabel: "5 MB",
    accept: "image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp",
    folder: "module-thumbnails",
    invalidMessage: StoreTexts.notAnImage,
  },
  video: {
    maxBytes: 100 * 1024 * 1024,
    maxLabel: "100 MB",
    accept: "video/mp4,video/webm,.mp4,.webm",
    folder: "module-videos",
    invalidMessage: StoreTexts.notAVideo,
  },
};

/**
 * A thumbnail's largest width and height, in pixels. The rule is a square box, so a thumbnail
 * has at most 4096 × 4096 = 16,777,216 pixels (64 MiB once decoded as RGBA): a bound on what a
 * browser allocates to show it, put in words a user can check in any image viewer. Read from the
 * header, before the rest of the file.
 */
export const THUMBNAIL_MAX_SIDE = 4096;

/** The stored file's real type, from its content. */
export const MODULE_MEDIA_TYPES = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  webp: { contentType: "image/webp", extension: "webp" },
  mp4: { contentType: "video/mp4", extension: "mp4" },
  webm: { contentType: "video/webm", extension: "webm" },
} as const;
export type ModuleMediaType = keyof typeof MODULE_MEDIA_TYPES;

export type ModuleMediaCheck =
  | { ok: true; type: ModuleMediaType; contentType: string; extension: string }
  | { ok: false; message: string };

export type ModuleMediaInspector = {
  /** Feeds the next bytes (only a few bytes of state are kept). */
  push: (chunk: Uint8Array) => void;
  /** False as soon as the bytes cannot be a valid file of the kind (stop reading). */
  ok: () => boolean;
  finish: () => ModuleMediaCheck;
};

/** Enough leading bytes to tell the accepted types apart (WebP and MP4 need 12). */
const HEAD_BYTES = 12;

type ThumbnailInfo = { type: "png" | "jpeg" | "webp"; width: number; height: number };

function createThumbnailInspector(): FormatInspector<ThumbnailInfo> {
  return dispatchInspector<ThumbnailInfo>(HEAD_BYTES, (head) => {
    if (head[0] === 0x89) return createPngInspector();
    if (head[0] === 0xff) return createJpegInspector();
    if (isWebpSignature(head)) return createWebpInspector();
    return null;
  });
}

/**
 * Reads a thumbnail's or a video's bytes as they stream, walking the whole file's structure
 * (a PNG to IEND, a JPEG to EOI, a WebP's RIFF chunks, an MP4's boxes, a WebM's EBML elements)
 * with a few bytes of state; see files/raster.ts, webp.ts and video.ts. A thumbnail larger than
 * THUMBNAIL_MAX_SIDE is refused as soon as its header gives its size.
 */
export function createModuleMediaInspector(kind: ModuleMediaKind): ModuleMediaInspector {
  const rule = MODULE_MEDIA_RULES[kind];
  const inspector =
    kind === "thumbnail"
      ? withPixelRule(
          createThumbnailInspector(),
          ({ width, height }) => width <= THUMBNAIL_MAX_SIDE && height <= THUMBNAIL_MAX_SIDE,
        )
      : createVideoInspector();
  return {
    push: inspector.push,
    ok: inspector.ok,
    finish() {
      const found = inspector.finish();
      if (found === "size") {
        return { ok: false, message: StoreTexts.thumbnailTooBig(THUMBNAIL_MAX_SIDE) };
      }
      return found
        ? { ok: true, type: found.type, ...MODULE_MEDIA_TYPES[found.type] }
        : { ok: false, message: rule.invalidMessage };
    },
  };
}

/** Every check on a file held in memory: size, then content. */
export function checkModuleMedia(kind: ModuleMediaKind, bytes: Uint8Array): ModuleMediaCheck {
  const rule = MODULE_MEDIA_RULES[kind];
  if (bytes.length > rule.maxBytes) return { ok: false, message: tooLargeMessage(kind) };
  const inspector = createModuleMediaInspector(kind);
  inspector.push(bytes);
  return inspector.finish();
}

export const tooLargeMessage = (kind: ModuleMediaKind) =>
  StoreTexts.fileTooLarge(kind, MODULE_MEDIA_RULES[kind].maxLabel);
