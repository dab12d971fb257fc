import {
  ascii,
  END,
  FAIL,
  isFourCc,
  read,
  type Step,
  skip,
  u16le,
  u24le,
  u32le,
} from "./byte-walker";
import { type FormatInspector, inspectBytes, walkerInspector } from "./inspector";

/**
 * Checks that bytes are a whole, well-formed WebP image and reads its pixel size, by content
 * (never by name), as they stream: a RIFF container of form type WEBP whose size is exactly the
 * file's (minus the 8 bytes of the RIFF header), whose first chunk is a lossy (VP8), lossless
 * (VP8L) or extended (VP8X) bitstream header, and whose chunks (each padded to an even size)
 * chain exactly to the end. An extended file must carry an image (VP8/VP8L, or ANMF frames), of
 * the canvas's size or inside it. The bitstream itself is not decoded.
 */

export type WebpInfo = { type: "webp"; width: number; height: number };

/** The bytes start like a WebP file: `RIFF` <size> `WEBP`. */
export function isWebpSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP";
}

/** The size the first chunk's header announces, or null when it is not a bitstream header. */
function readBitstreamHeader(type: string, b: Uint8Array): [number, number] | null {
  if (type === "VP8 ") {
    // Frame tag (3 bytes, bit 0 clear on a key frame), start code 9D 01 2A, 14-bit sizes.
    if (((b[0] as number) & 1) !== 0 || b[3] !== 0x9d || b[4] !== 0x01 || b[5] !== 0x2a) {
      return null;
    }
    return [u16le(b, 6) & 0x3fff, u16le(b, 8) & 0x3fff];
  }
  if (type === "VP8L") {
    if (b[0] !== 0x2f) return null;
    const bits = u32le(b, 1);
    if (bits >>> 29 !== 0) return null; // version 0 only
    return [(bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1];
  }
  // VP8X: flags (1), reserved (3), canvas width - 1 (24 bits), height - 1 (24 bits).
  return [u24le(b, 4) + 1, u24le(b, 7) + 1];
}

const HEADER_BYTES: Record<string, number> = { "VP8 ": 10, VP8L: 5, VP8X: 10 };
const IMAGE_CHUNKS = new Set(["VP8 ", "VP8L", "ANMF"]);
/** Frame X / 2, Y / 2, width - 1, height - 1 (24 bits each), duration (24), flags (8). */
const ANMF_HEADER_BYTES = 16;

export function createWebpInspector(): FormatInspector<WebpInfo> {
  let info: WebpInfo | null = null;
  let sawImage = false;
  /** Bytes of the RIFF payload still to come (after `WEBP`). */
  let remaining = 0;

  const next = (): Step => (remaining > 0 ? chunk(false) : sawImage ? END : FAIL);

  const chunk = (first: boolean): Step =>
    read(8, (header) => {
      if (!isFourCc(header)) return FAIL;
      const type = ascii(header, 0, 4);
      const size = u32le(header, 4);
      const padded = size + (size & 1);
      if (8 + padded > remaining) return FAIL;
      remaining -= 8 + padded;
      if (IMAGE_CHUNKS.has(type)) sawImage = true;
      if (first) {
        return bitstreamHeader(type, size, padded, (width, height) => {
          info = { type: "webp", width, height };
          return true;
        });
      }
      // What a decoder sizes its buffers by must stay within the announced canvas: an image
      // chunk after a VP8X header has the canvas's size (as libwebp requires), an animation
      // frame lies inside the canvas.
      if (type === "VP8 " || type === "VP8L") {
        return bitstreamHeader(
          type,
          size,
          padded,
          (width, height) => width === info?.width && height === info.height,
        );
      }
      if (type === "ANMF") {
        if (size < ANMF_HEADER_BYTES) return FAIL;
        return read(ANMF_HEADER_BYTES, (frame) => {
          const right = u24le(frame, 0) * 2 + u24le(frame, 6) + 1;
          const bottom = u24le(frame, 3) * 2 + u24le(frame, 9) + 1;
          if (!info || right > info.width || bottom > info.height) return FAIL;
          return skip(padded - ANMF_HEADER_BYTES, next);
        });
      }
      return skip(padded, next);
    });

  /** A bitstream chunk's header, whose size `accept` judges, then the rest of the chunk. */
  const bitstreamHeader = (
    type: string,
    size: number,
    padded: number,
    accept: (width: number, height: number) => boolean,
  ): Step => {
    const headerBytes = HEADER_BYTES[type];
    if (headerBytes === undefined || size < headerBytes) return FAIL;
    return read(headerBytes, (bytes) => {
      const dimensions = readBitstreamHeader(type, bytes);
      if (!dimensions || dimensions[0] === 0 || dimensions[1] === 0) return FAIL;
      if (!accept(dimensions[0], dimensions[1])) return FAIL;
      return skip(padded - headerBytes, next);
    });
  };

  const start = read(12, (riff) => {
    if (!isWebpSignature(riff)) return FAIL;
    const size = u32le(riff, 4);
    if (size < 4 + 8 || size % 2 !== 0) return FAIL;
    remaining = size - 4;
    return chunk(true);
  });
  return walkerInspector(start, () => info);
}

/** The size of a whole WebP image held in memory, or null when it is not a well-formed one. */
export function readWebpInfo(bytes: Uint8Array): WebpInfo | null {
  return inspectBytes(createWebpInspector(), bytes);
}
