/**
 * Tells an MP4 or WebM video from its first bytes, by content (never by name).
 * - MP4 (ISO base media): a first box of type `ftyp` (bytes 4–7) whose major brand is not one of
 *   the still-image formats built on the same container (HEIF/HEIC, AVIF).
 * - WebM (Matroska): the EBML header's magic number 1A 45 DF A3.
 */

export type VideoType = "mp4" | "webm";

/** Box size (4) + `ftyp` (4) + major brand (4). */
export const VIDEO_HEADER_BYTES = 12;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const IMAGE_BRANDS = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "avif",
  "avis",
]);

const text = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

export function readVideoType(bytes: Uint8Array): VideoType | null {
  if (bytes.length >= 4 && EBML_MAGIC.every((b, i) => bytes[i] === b)) return "webm";
  if (bytes.length < VIDEO_HEADER_BYTES || text(bytes, 4, 8) !== "ftyp") return null;
  const boxSize =
    (((bytes[0] as number) << 24) |
      ((bytes[1] as number) << 16) |
      ((bytes[2] as number) << 8) |
      (bytes[3] as number)) >>>
    0;
  // A size of 1 means a 64-bit size follows; anything else must hold at least the brand.
  if (boxSize !== 1 && boxSize < 16) return null;
  return IMAGE_BRANDS.has(text(bytes, 8, 12).toLowerCase()) ? null : "mp4";
}
