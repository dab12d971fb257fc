import { crc32 } from "./crc32";

/**
 * Reads a PNG or JPEG image's type and pixel size from its first bytes, by content (never by
 * name). Incremental: the server feeds the upload's chunks as they stream to storage and keeps
 * only a few bytes of state, so memory stays flat whatever the file's size.
 */

export type RasterInfo = { type: "png" | "jpeg"; width: number; height: number };

export type RasterSniffer = {
  /** Feeds the next bytes; ignored once the answer is known. */
  push: (chunk: Uint8Array) => void;
  /** The image's type and size, or null when the bytes seen are not a PNG or JPEG header. */
  result: () => RasterInfo | null;
};

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];
/** Signature (8) + IHDR length (4) + type (4) + data (13) + CRC (4). */
const PNG_HEADER_BYTES = 33;

/** JPEG start-of-frame markers that carry the frame size (baseline, progressive, lossless…). */
const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
/** Markers without a length: TEM and RST0–7. */
const STANDALONE = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

const u32 = (b: number[], at: number) =>
  (((b[at] as number) << 24) |
    ((b[at + 1] as number) << 16) |
    ((b[at + 2] as number) << 8) |
    (b[at + 3] as number)) >>>
  0;
const u16 = (b: number[], at: number) => (((b[at] as number) << 8) | (b[at + 1] as number)) >>> 0;

function readPngHeader(b: number[]): RasterInfo | null {
  for (let i = 0; i < 8; i++) if (b[i] !== PNG_SIGNATURE[i]) return null;
  if (u32(b, 8) !== 13) return null;
  for (let i = 0; i < 4; i++) if (b[12 + i] !== IHDR[i]) return null;
  const width = u32(b, 16);
  const height = u32(b, 20);
  const bitDepth = b[24] as number;
  const colorType = b[25] as number;
  if (width === 0 || height === 0 || width > 0x7fffffff || height > 0x7fffffff) return null;
  if (![1, 2, 4, 8, 16].includes(bitDepth) || ![0, 2, 3, 4, 6].includes(colorType)) return null;
  const crc = crc32(Uint8Array.from(b.slice(12, 29)));
  if (crc !== u32(b, 29)) return null;
  return { type: "png", width, height };
}

type JpegState =
  | { step: "soi" }
  | { step: "marker" } // expecting 0xFF (possibly several fill bytes) then a marker byte
  | { step: "length"; marker: number }
  | { step: "skip"; remaining: number }
  | { step: "frame" }
  | { step: "done"; info: RasterInfo | null };

export function createRasterSniffer(): RasterSniffer {
  let kind: "unknown" | "png" | "jpeg" | "invalid" = "unknown";
  let answer: RasterInfo | null | undefined;
  const head: number[] = [];
  let jpeg: JpegState = { step: "soi" };
  let sawFF = false;

  const pushJpeg = (byte: number) => {
    switch (jpeg.step) {
      case "soi":
        head.push(byte);
        if (head.length === 2) {
          jpeg =
            head[0] === 0xff && head[1] === 0xd8
              ? { step: "marker" }
              : { step: "done", info: null };
          head.length = 0;
        }
        return;
      case "marker":
        if (!sawFF) {
          if (byte !== 0xff) jpeg = { step: "done", info: null };
          else sawFF = true;
          return;
        }
        if (byte === 0xff) return; // fill byte
        sawFF = false;
        if (STANDALONE(byte)) return;
        if (byte === 0xd8 || byte === 0xd9 || byte === 0xda || byte === 0x00) {
          // A second SOI, the end, or the scan before any frame header: not an image we can size.
          jpeg = { step: "done", info: null };
          return;
        }
        jpeg = SOF_MARKERS.has(byte) ? { step: "frame" } : { step: "length", marker: byte };
        return;
      case "length":
        head.push(byte);
        if (head.length === 2) {
          const length = u16(head, 0);
          head.length = 0;
          jpeg =
            length < 2
              ? { step: "done", info: null }
              : length === 2
                ? { step: "marker" }
                : { step: "skip", remaining: length - 2 };
        }
        return;
      case "skip":
        return;
      case "frame":
        // length (2), precision (1), height (2), width (2)
        head.push(byte);
        if (head.length === 7) {
          const length = u16(head, 0);
          const height = u16(head, 3);
          const width = u16(head, 5);
          jpeg = {
            step: "done",
            info: length >= 8 && width > 0 && height > 0 ? { type: "jpeg", width, height } : null,
          };
        }
        return;
      case "done":
        return;
    }
  };

  return {
    push(chunk) {
      if (answer !== undefined) return;
      for (let i = 0; i < chunk.length; i++) {
        const byte = chunk[i] as number;
        if (kind === "unknown") {
          kind = byte === 0x89 ? "png" : byte === 0xff ? "jpeg" : "invalid";
          if (kind === "invalid") {
            answer = null;
            return;
          }
        }
        if (kind === "png") {
          head.push(byte);
          if (head.length === PNG_HEADER_BYTES) {
            answer = readPngHeader(head);
            return;
          }
        } else if (jpeg.step === "skip") {
          // Segment payloads (EXIF, ICC profiles…) are skipped without being looked at.
          const n = Math.min(jpeg.remaining, chunk.length - i);
          jpeg.remaining -= n;
          i += n - 1;
          if (jpeg.remaining === 0) jpeg = { step: "marker" };
        } else {
          pushJpeg(byte);
          if (jpeg.step === "done") {
            answer = jpeg.info;
            return;
          }
        }
      }
    },
    result: () => answer ?? null,
  };
}

/** The type and size of a whole PNG or JPEG held in memory (e.g. a file picked in the browser). */
export function readRasterInfo(bytes: Uint8Array): RasterInfo | null {
  const sniffer = createRasterSniffer();
  sniffer.push(bytes);
  return sniffer.result();
}
