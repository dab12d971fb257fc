import { createRasterSniffer } from "../files/raster";
import { readVideoType, VIDEO_HEADER_BYTES, type VideoType } from "../files/video";
import { readWebpInfo, WEBP_HEADER_BYTES } from "../files/webp";
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
  /** Feeds the next bytes (only a few header bytes are kept). */
  push: (chunk: Uint8Array) => void;
  finish: () => ModuleMediaCheck;
};

const HEAD_BYTES = Math.max(WEBP_HEADER_BYTES, VIDEO_HEADER_BYTES);

/** Reads a thumbnail's or a video's bytes as they stream, keeping a few header bytes only. */
export function createModuleMediaInspector(kind: ModuleMediaKind): ModuleMediaInspector {
  const rule = MODULE_MEDIA_RULES[kind];
  const head = new Uint8Array(HEAD_BYTES);
  let headLength = 0;
  const raster = kind === "thumbnail" ? createRasterSniffer() : null;
  const ok = (type: ModuleMediaType): ModuleMediaCheck => ({
    ok: true,
    type,
    ...MODULE_MEDIA_TYPES[type],
  });

  return {
    push(chunk) {
      if (headLength < HEAD_BYTES) {
        const n = Math.min(HEAD_BYTES - headLength, chunk.length);
        head.set(chunk.subarray(0, n), headLength);
        headLength += n;
      }
      raster?.push(chunk);
    },
    finish() {
      const bytes = head.subarray(0, headLength);
      if (kind === "video") {
        const type: VideoType | null = readVideoType(bytes);
        return type ? ok(type) : { ok: false, message: rule.invalidMessage };
      }
      const image = raster?.result();
      if (image) return ok(image.type);
      if (readWebpInfo(bytes)) return ok("webp");
      return { ok: false, message: rule.invalidMessage };
    },
  };
}

/** Every check on a file held in memory (the browser's picked file): size, then content. */
export function checkModuleMedia(kind: ModuleMediaKind, bytes: Uint8Array): ModuleMediaCheck {
  const rule = MODULE_MEDIA_RULES[kind];
  if (bytes.length > rule.maxBytes) return { ok: false, message: tooLargeMessage(kind) };
  const inspector = createModuleMediaInspector(kind);
  inspector.push(bytes);
  return inspector.finish();
}

export const tooLargeMessage = (kind: ModuleMediaKind) =>
  StoreTexts.fileTooLarge(kind, MODULE_MEDIA_RULES[kind].maxLabel);

/** How many leading bytes the browser needs to read to check a file's content. */
export const moduleMediaCheckBytes = (kind: ModuleMediaKind) =>
  kind === "thumbnail" ? MODULE_MEDIA_RULES.thumbnail.maxBytes : VIDEO_HEADER_BYTES;
