import { crc32, deflateSync } from "node:zlib";
import { jpegFile, mp4File, webmFile, webpFile } from "@hybridge/shared/files/test-files";

/**
 * Files made in code for tests (API and browser): real PNG, JPEG and WebP images of any size,
 * well-formed MP4 and WebM videos (packages/shared/src/files/test-files.ts), and SVG documents.
 */

/** A PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A valid RGB PNG filled with one colour (the brand green by default). */
export function pngBytes(
  width: number,
  height: number,
  rgb: [number, number, number] = [14, 144, 77],
) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw)),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real baseline JPEG filled with one colour (decodable by browsers). */
export function jpegBytes(width: number, height: number, rgb?: [number, number, number]) {
  return Buffer.from(jpegFile(width, height, rgb));
}

/** A real lossless WebP filled with one colour (decodable by browsers). */
export function webpBytes(width = 64, height = 36) {
  return Buffer.from(webpFile(width, height));
}

/** A well-formed MP4: ftyp, moov (mvhd, trak), and an mdat of `extra` bytes. */
export function mp4Bytes(extra = 256, options: { moovLast?: boolean; largeMdat?: boolean } = {}) {
  return Buffer.from(mp4File({ mdatBytes: extra, ...options }));
}

/** A well-formed WebM: EBML header (webm), Segment with Info, Tracks and a Cluster. */
export function webmBytes(extra = 256, options: { unknownSizes?: boolean } = {}) {
  return Buffer.from(webmFile({ frameBytes: extra, ...options }));
}

/** An SVG document; `inner` goes inside the root. */
export function svgText(
  options: { width?: number; height?: number; inner?: string; attrs?: string } = {},
) {
  const {
    width = 48,
    height = 48,
    inner = '<circle cx="24" cy="24" r="20" fill="#0E904D"/>',
  } = options;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"${options.attrs ? ` ${options.attrs}` : ""}>${inner}</svg>`;
}

/**
 * A real one-bit black PNG of any size: a few kB once deflated, `width × height` pixels once
 * decoded — a pixel bomb when large.
 */
export function bitmapPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // one bit per pixel
  ihdr[9] = 0; // greyscale
  const raw = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk("IHDR", ihdr),
    pngChunk("IDAT", deflateSync(raw, { level: 9 })),
    pngChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real 8×8 JPEG whose frame header claims `width × height`: what its first bytes say, no more. */
export function jpegClaiming(width: number, height: number): Buffer {
  const out = jpegBytes(8, 8);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}
