import { createByteWalker, type Step } from "./byte-walker";

/**
 * A streaming check of one file format: `push` the bytes as they come, `finish` at the end of
 * the file for what was found (null when the bytes are not a complete, well-formed file of that
 * format). `ok` turns false as soon as a byte does not fit, so a caller can stop reading early.
 */
export type FormatInspector<T> = {
  push: (chunk: Uint8Array) => void;
  ok: () => boolean;
  finish: () => T | null;
  /**
   * What the headers have told so far, before the file is complete (an image's pixel size once
   * its header is read), or null; a caller can refuse the file there without reading the rest.
   */
  found: () => T | null;
};

/** An inspector from a chain of steps that records what it found in `found()`. */
export function walkerInspector<T>(start: Step, found: () => T | null): FormatInspector<T> {
  const walker = createByteWalker(start);
  return {
    push: walker.push,
    ok: walker.ok,
    finish: () => (walker.finish() ? found() : null),
    found,
  };
}

/**
 * Keeps the first `headBytes` bytes, lets `pick` choose the format's inspector from them, then
 * hands it every byte (the head included). `pick` answering null refuses the file.
 */
export function dispatchInspector<T>(
  headBytes: number,
  pick: (head: Uint8Array) => FormatInspector<T> | null,
): FormatInspector<T> {
  const head = new Uint8Array(headBytes);
  let filled = 0;
  let chosen: FormatInspector<T> | null | undefined;

  const choose = (): FormatInspector<T> | null => {
    const picked = pick(head.subarray(0, filled));
    picked?.push(head.slice(0, filled));
    chosen = picked;
    return picked;
  };

  return {
    push(chunk) {
      if (chosen === null) return;
      if (chosen) {
        chosen.push(chunk);
        return;
      }
      const n = Math.min(headBytes - filled, chunk.length);
      head.set(chunk.subarray(0, n), filled);
      filled += n;
      if (filled < headBytes) return;
      const picked = choose();
      if (picked && n < chunk.length) picked.push(chunk.subarray(n));
    },
    ok: () => chosen !== null && (chosen?.ok() ?? true),
    found: () => chosen?.found() ?? null,
    finish() {
      const picked = chosen === undefined ? choose() : chosen;
      return picked ? picked.finish() : null;
    },
  };
}

/** Runs an inspector over bytes held in memory. */
export function inspectBytes<T>(inspector: FormatInspector<T>, bytes: Uint8Array): T | null {
  inspector.push(bytes);
  return inspector.finish();
}
