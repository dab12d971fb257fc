import { createVideoInspector } from "../files/video";
import { StoreTexts } from "./texts";

/**
 * A module's two media files (spec section 5): a thumbnail (an image: PNG, JPEG, WebP or AVIF)
 * and an optional demo video (MP4 or WebM). Both are recognised by their content, never by
 * their name. The thumbnail is decoded — by the browser on the picked file, by sharp on the
 * server, which stores its own WebP of it, scaled down to THUMBNAIL_BOX (decision 029); the
 * video's container is walked in both places. The server's answer is the one that counts.
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
    accept: "image/png,image/jpeg,image/webp,image/avif,.png,.jpg,.jpeg,.webp,.avif",
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
 * The most pixels a thumbnail may have (40 megapixels: a phone photo passes, 8000×8000 does not),
 * read from its header before it is decoded; a bound on what decoding it costs.
 */
export const THUMBNAIL_MAX_PIXELS = 40_000_000;
/** A larger thumbnail is scaled down to fit in this square (the store shows it far smaller). */
export const THUMBNAIL_BOX = 1600;

/** What a thumbnail is stored as (the server's own WebP of it). */
export const THUMBNAIL_TYPE = { contentType: "image/webp", extension: "webp" } as const;

/** The stored video's real type, from its content. */
export const MODULE_VIDEO_TYPES = {
  mp4: { contentType: "video/mp4", extension: "mp4" },
  webm: { contentType: "video/webm", extension: "webm" },
} as const;
export type ModuleVideoType = keyof typeof MODULE_VIDEO_TYPES;

export type ModuleMediaCheck =
  | { ok: true; type: ModuleVideoType; contentType: string; extension: string }
  | { ok: false; message: string };

export type ModuleMediaInspector = {
  /** Feeds the next bytes (only a few bytes of state are kept). */
  push: (chunk: Uint8Array) => void;
  /** False as soon as the bytes cannot be a valid file of the kind (stop reading). */
  ok: () => boolean;
  finish: () => ModuleMediaCheck;
};

/**
 * Reads a video's bytes as they stream, walking its container (an MP4's boxes, a WebM's EBML
 * elements) to its last byte with a few bytes of state (files/video.ts).
 */
export function createModuleVideoInspector(): ModuleMediaInspector {
  const inspector = createVideoInspector();
  return {
    push: inspector.push,
    ok: inspector.ok,
    finish() {
      const found = inspector.finish();
      return found
        ? { ok: true, type: found.type, ...MODULE_VIDEO_TYPES[found.type] }
        : { ok: false, message: MODULE_MEDIA_RULES.video.invalidMessage };
    },
  };
}

/** Every check on a video held in memory: size, then content. */
export function checkModuleVideo(bytes: Uint8Array): ModuleMediaCheck {
  if (bytes.length > MODULE_MEDIA_RULES.video.maxBytes) {
    return { ok: false, message: tooLargeMessage("video") };
  }
  const inspector = createModuleVideoInspector();
  inspector.push(bytes);
  return inspector.finish();
}

/** Whether a decoded thumbnail's pixels are within the limit (its message otherwise). */
export function checkThumbnailPixels(width: number, height: number): string | null {
  return width * height > THUMBNAIL_MAX_PIXELS
    ? StoreTexts.thumbnailTooBig(THUMBNAIL_MAX_PIXELS / 1_000_000)
    : null;
}

export const tooLargeMessage = (kind: ModuleMediaKind) =>
  StoreTexts.fileTooLarge(kind, MODULE_MEDIA_RULES[kind].maxLabel);
