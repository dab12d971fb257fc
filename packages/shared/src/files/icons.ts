import { inspectSvg } from "./svg";
import { FilesTexts } from "./texts";

/**
 * The two app icons of spec section 5: a launch icon (PNG or JPEG, exactly 512×512) and a
 * notification icon (SVG, exactly 48×48). The launch icon is judged by decoding it — the
 * browser's decoder on the picked file, sharp on the server, which stores its own PNG of it
 * (decision 029); the notification icon by the SVG allowlist (svg.ts), in both places. The
 * server's answer is the one that counts.
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

/** What a notification icon is stored as (a launch icon is always a PNG of the server's). */
export const SVG_ICON_TYPE = { contentType: "image/svg+xml", extension: "svg" } as const;

export type IconCheck =
  | { ok: true; contentType: string; extension: string }
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
  ok: () => boolean;
  finish: () => IconCheck;
};

/**
 * Reads a notification icon's bytes as they come: its text is kept (at most
 * ICON_RULES.notification.maxBytes, enforced by the caller) to check the whole document.
 */
export function createSvgIconInspector(): IconInspector {
  const rule = ICON_RULES.notification;
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
      return { ok: true, ...SVG_ICON_TYPE };
    },
  };
}

/** Every check on a notification icon held in memory: name, size, then content. */
export function checkSvgIconFile(file: { name: string; bytes: Uint8Array }): IconCheck {
  const problem =
    checkIconName("notification", file.name) ?? checkIconSize("notification", file.bytes.length);
  if (problem) return { ok: false, message: problem };
  const inspector = createSvgIconInspector();
  inspector.push(file.bytes);
  return inspector.finish();
}

/** Whether a decoded launch icon has the size it must have (its message otherwise). */
export function checkLaunchIconSize(width: number, height: number): string | null {
  const rule = ICON_RULES.launch;
  return width === rule.width && height === rule.height ? null : rule.sizeMessage;
}

/** Icons that every project starts with, served from the server's assets. */
export const DEFAULT_ICONS = { launch: "default.png", notification: "default.svg" } as const;

export const isDefaultIcon = (key: string) =>
  key === DEFAULT_ICONS.launch || key === DEFAULT_ICONS.notification;

/** Where the browser loads a stored file (or a default icon) from. */
export const fileUrl = (key: string) => `/api/files/${key}`;
