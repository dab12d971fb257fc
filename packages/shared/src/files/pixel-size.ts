import type { FormatInspector } from "./inspector";

/** An image's size in pixels, as its header announces it. */
export type PixelSize = { width: number; height: number };

/** An image inspector held to a pixel-size rule; `finish()` answers "size" when it broke it. */
export type PixelRuleInspector<T> = {
  push: (chunk: Uint8Array) => void;
  ok: () => boolean;
  finish: () => T | "size" | null;
};

/**
 * Holds an image inspector to a pixel-size rule from the moment its header announces the size,
 * before any pixel data: a file whose first bytes claim 65500×65500 turns `ok()` false right
 * there, so it is never streamed into storage (nor decoded by a browser later), and `finish()`
 * answers "size" for it whether or not the rest of the file was read. A decoder allocates for
 * the size the header announces, so that is the size that must be bounded.
 */
export function withPixelRule<T extends PixelSize>(
  inspector: FormatInspector<T>,
  fits: (size: PixelSize) => boolean,
): PixelRuleInspector<T> {
  const broken = () => {
    const size = inspector.found();
    return size !== null && !fits(size);
  };
  return {
    push: inspector.push,
    ok: () => inspector.ok() && !broken(),
    finish: () => (broken() ? "size" : inspector.finish()),
  };
}
