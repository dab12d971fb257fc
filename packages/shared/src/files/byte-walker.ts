/**
 * A tiny engine for checking a file's structure as it streams: a format is written as a chain of
 * steps ("read these few bytes, then decide", "skip this many bytes", "skip to the next 0xFF"),
 * and the walker feeds every chunk through them. It keeps only the bytes a step asked to read
 * (a few dozen at most), so memory stays flat whatever the file's size, and it gives the same
 * answer however the bytes are cut into chunks.
 */

export type Step =
  /** Reads `length` bytes (at most MAX_READ) and hands them to `then`. */
  | {
      kind: "read";
      length: number;
      then: (bytes: Uint8Array) => Step;
      /** The file may end here, before the first of these bytes (a boundary between units). */
      endOk?: () => boolean;
    }
  /** Skips `length` bytes, showing them to `observe` (e.g. a checksum) on the way. */
  | {
      kind: "skip";
      length: number;
      observe?: (bytes: Uint8Array, start: number, end: number) => void;
      then: () => Step;
    }
  /** Skips bytes up to and including the next `byte` (JPEG entropy-coded data). */
  | { kind: "until"; byte: number; then: () => Step }
  /** The structure is complete: the file must end here. */
  | { kind: "end" }
  /** Whatever follows is accepted, up to the end of the file. */
  | { kind: "rest" }
  | { kind: "fail" };

const MAX_READ = 64;

export const read = (
  length: number,
  then: (bytes: Uint8Array) => Step,
  endOk?: () => boolean,
): Step => ({ kind: "read", length, then, endOk });
export const skip = (
  length: number,
  then: () => Step,
  observe?: (bytes: Uint8Array, start: number, end: number) => void,
): Step => ({ kind: "skip", length, then, observe });
export const until = (byte: number, then: () => Step): Step => ({ kind: "until", byte, then });
export const END: Step = { kind: "end" };
export const REST: Step = { kind: "rest" };
export const FAIL: Step = { kind: "fail" };

export type ByteWalker = {
  push: (chunk: Uint8Array) => void;
  /** Whether every byte so far fitted the structure (false as soon as one did not). */
  ok: () => boolean;
  /** Whether the structure is complete and the file may end where it did. */
  finish: () => boolean;
};

export function createByteWalker(start: Step): ByteWalker {
  let step = start;
  let buffer = new Uint8Array(0);
  let filled = 0;

  const enter = (next: Step) => {
    step = next;
    if (step.kind === "read") {
      if (!(step.length >= 1 && step.length <= MAX_READ)) {
        step = FAIL;
        return;
      }
      if (buffer.length < step.length) buffer = new Uint8Array(MAX_READ);
      filled = 0;
    } else if (step.kind === "skip" && !(step.length >= 0 && Number.isSafeInteger(step.length))) {
      step = FAIL;
    }
  };
  enter(start);

  // A step's `then` may answer another zero-length skip; settle those without input.
  const settle = () => {
    while (step.kind === "skip" && step.length === 0) enter(step.then());
  };
  settle();

  return {
    push(chunk) {
      let i = 0;
      while (i < chunk.length) {
        switch (step.kind) {
          case "fail":
          case "rest":
            return;
          case "end":
            step = FAIL;
            return;
          case "read": {
            const n = Math.min(step.length - filled, chunk.length - i);
            buffer.set(chunk.subarray(i, i + n), filled);
            filled += n;
            i += n;
            if (filled === step.length) enter(step.then(buffer.slice(0, step.length)));
            break;
          }
          case "skip": {
            const n = Math.min(step.length, chunk.length - i);
            step.observe?.(chunk, i, i + n);
            step.length -= n;
            i += n;
            if (step.length === 0) enter(step.then());
            break;
          }
          case "until": {
            const at = chunk.indexOf(step.byte, i);
            if (at < 0) {
              i = chunk.length;
            } else {
              i = at + 1;
              enter(step.then());
            }
            break;
          }
        }
        settle();
      }
    },
    ok: () => step.kind !== "fail",
    finish() {
      settle();
      if (step.kind === "end" || step.kind === "rest") return true;
      if (step.kind === "read") return filled === 0 && (step.endOk?.() ?? false);
      return false;
    },
  };
}

export const u16be = (b: Uint8Array, at: number) =>
  (((b[at] as number) << 8) | (b[at + 1] as number)) >>> 0;
export const u32be = (b: Uint8Array, at: number) =>
  (((b[at] as number) << 24) |
    ((b[at + 1] as number) << 16) |
    ((b[at + 2] as number) << 8) |
    (b[at + 3] as number)) >>>
  0;
export const u16le = (b: Uint8Array, at: number) =>
  ((b[at] as number) | ((b[at + 1] as number) << 8)) >>> 0;
export const u24le = (b: Uint8Array, at: number) =>
  (u16le(b, at) | ((b[at + 2] as number) << 16)) >>> 0;
export const u32le = (b: Uint8Array, at: number) => (u16le(b, at) | (u16le(b, at + 2) << 16)) >>> 0;
export const ascii = (b: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...b.subarray(from, to));
/** Whether the four bytes at `at` are printable ASCII (a box type or chunk name). */
export const isFourCc = (b: Uint8Array, at = 0) =>
  b.subarray(at, at + 4).every((c) => c >= 0x20 && c <= 0x7e);
