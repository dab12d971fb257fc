import { withPixelRule } from "./pixel-size";
import { createRasterInspector } from "./raster";
import { inspectSvg } from "./svg";
import { FilesTexts } from "./texts";

/**
 * The two app icons of spec section 5: a launch icon (PNG or JPEG, exactly 512×512) and a
 * notification icon (SVG, exactly 48×48). The same rules run in the browser, on the picked file,
 * and on the server, on the uploaded bytes; the server's answer is the one that counts.
 */
export const ICON_KINDS = ["launch", "notification"] as const;
export type IconKind = (typeof ICON_KINDS)[number];

export type IconRule = {
  /** Extensions accepted in the file's name, lower case with the dot. */
  extensions: readonly string[];
  /** For the file picker's `accept`. */
  accept: string;
  maxBytes: number;
  maxLabel: string;
  width: number;
  height: number;
  sizeMessage: string;
};

export const ICON_RULES: Record<IconKind, IconRule> = {
  launch: {
    extensions: [".png", ".jpg", ".jpeg"],
    accept: ".png,.jpg,.jpeg,image/png,image/jpeg",
    maxBytes: 2 * 1024 * 1024,
    maxLabel: "2 MB",
    width: 512,
    height: 512,
    sizeMessage: FilesTexts.launchIconSize,
  },
  notification: {
    extensions: [".svg"],
    accept: ".svg,image/svg+xml",
    maxBytes: 100 * 1024,
    maxLabel: "100 KB",
    width: 48,
    height: 48,
    sizeMessage: FilesTexts.notificationIconSize,
  },
};

/** The stored file's real type, from its content. */
export const ICON_TYPES = {
  png: { contentType: "image/png", extension: "png" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  svg: { contentType: "image/svg+xml", extension: "svg" },
} as const;
export type IconType = keyof typeof ICON_TYPES;

export type IconCheck =
  | { ok: true; type: IconType; contentType: string; extension: string }
  | { ok: false; message: string; unsafe?: boolean };

/** The name's extension is one the kind allows (the content is checked separately). */
export function checkIconName(kind: IconKind, fileName: string): string | null {
  const rule = ICON_RULES[kind];
  const dot = fileName.lastIndexOf(".");
  const extension = dot >= 0 ? fileName.slice(dot).toLowerCase() : "";
  return rule.extensions.includes(extension) ? null : FilesTexts.invalidType(rule.extensions);
}

export function checkIconSize(kind: IconKind, bytes: number): string | null {
  const rule = ICON_RULES[kind];
  return bytes > rule.maxBytes ? FilesTexts.tooLarge(rule.maxLabel) : null;
}

export type IconInspector = {
  push: (chunk: Uint8Array) => void;
  /** False as soon as the bytes cannot be a valid icon (the caller may stop reading). */
  ok: () => boolean;
  finish: () => IconCheck;
};

/**
 * Reads an icon's bytes as they come. A launch icon's structure is walked to its end marker
 * with a few bytes of state (raster.ts), its pixel size judged as soon as the header gives it;
 * a notification icon keeps its text (at most ICON_RULES.notification.maxBytes, enforced by the
 * caller) to check the whole document.
 */
export function createIconInspector(kind: IconKind): IconInspector {
  const rule = ICON_RULES[kind];
  const ok = (type: IconType): IconCheck => ({ ok: true, type, ...ICON_TYPES[type] });
  if (kind === "launch") {
    const raster = withPixelRule(
      createRasterInspector(),
      ({ width, height }) => width === rule.width && height === rule.height,
    );
    return {
      push: raster.push,
      ok: raster.ok,
      finish() {
        const info = raster.finish();
        if (info === "size") return { ok: false, message: rule.sizeMessage };
        return info ? ok(info.type) : { ok: false, message: FilesTexts.notRaster };
      },
    };
  }
  const chunks: Uint8Array[] = [];
  return {
    push: (chunk) => {
      chunks.push(chunk);
    },
    ok: () => true,
    finish() {
      const total = chunks.reduce((n, c) => n + c.length, 0);
      const bytes = new Uint8Array(total);
      let at = 0;
      for (const c of chunks) {
        bytes.set(c, at);
        at += c.length;
      }
      const svg = inspectSvg(bytes);
      if (!svg.ok) return { ok: false, message: svg.message, unsafe: svg.unsafe };
      if (svg.width !== rule.width || svg.height !== rule.height) {
        return { ok: false, message: rule.sizeMessage };
      }
      return ok("svg");
    },
  };
}

/** Every check on a whole file held in memory: name, size, then content. */
export function checkIconFile(
  kind: IconKind,
  file: { name: string; bytes: Uint8Array },
): IconCheck {
  const problem = checkIconName(kind, file.name) ?? checkIconSize(kind, file.bytes.length);
  if (problem) return { ok: false, message: problem };
  const inspector = createIconInspector(kind);
  inspector.push(file.bytes);
  return inspector.finish();
}

/** Icons that every project starts with, served from the server's assets. */
export const DEFAULT_ICONS = { launch: "default.png", notification: "default.svg" } as const;

export const isDefaultIcon = (key: string) =>
  key === DEFAULT_ICONS.launch || key === DEFAULT_ICONS.notification;

/** Where the browser loads a stored file (or a default icon) from. */
export const fileUrl = (key: string) => `/api/files/${key}`;
