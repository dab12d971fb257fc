/**
 * Reads a WebP image's pixel size from its first bytes, by content (never by name): a RIFF
 * container of form type WEBP whose first chunk is a lossy (VP8), lossless (VP8L) or extended
 * (VP8X) bitstream header.
 */

export type WebpInfo = { type: "webp"; width: number; height: number };

/** RIFF header (12) + chunk header (8) + the 10 bytes that carry the size. */
export const WEBP_HEADER_BYTES = 30;

const ascii = (bytes: Uint8Array, at: number, text: string) => {
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const byte = (bytes: Uint8Array, at: number) => bytes[at] as number;
const u16le = (bytes: Uint8Array, at: number) => byte(bytes, at) | (byte(bytes, at + 1) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | (byte(bytes, at + 2) << 16);

/** The bytes start like a WebP file: `RIFF` <size> `WEBP`. */
export function isWebpSignature(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP");
}

/** The WebP image's size, or null when the first bytes are not a WebP header we can read. */
export function readWebpInfo(bytes: Uint8Array): WebpInfo | null {
  if (bytes.length < WEBP_HEADER_BYTES || !isWebpSignature(bytes)) return null;
  let width = 0;
  let height = 0;
  if (ascii(bytes, 12, "VP8 ")) {
    // Frame tag (3 bytes), then the key frame's start code and 14-bit sizes.
    if (byte(bytes, 23) !== 0x9d || byte(bytes, 24) !== 0x01 || byte(bytes, 25) !== 0x2a) {
      return null;
    }
    width = u16le(bytes, 26) & 0x3fff;
    height = u16le(bytes, 28) & 0x3fff;
  } else if (ascii(bytes, 12, "VP8L")) {
    if (byte(bytes, 20) !== 0x2f) return null;
    const bits =
      (byte(bytes, 21) |
        (byte(bytes, 22) << 8) |
        (byte(bytes, 23) << 16) |
        (byte(bytes, 24) << 24)) >>>
      0;
    width = (bits & 0x3fff) + 1;
    height = ((bits >>> 14) & 0x3fff) + 1;
  } else if (ascii(bytes, 12, "VP8X")) {
    width = u24le(bytes, 24) + 1;
    height = u24le(bytes, 27) + 1;
  } else {
    return null;
  }
  return width > 0 && height > 0 ? { type: "webp", width, height } : null;
}
