import { deflateSync } from "node:zlib";
import { crc32 } from "@hybridge/shared/files/crc32";

/**
 * Images made in code for tests (API and browser): a real PNG of any size, a JPEG header with
 * an SOF0 frame (enough for the size reader; not a decodable picture), and SVG documents.
 */

function chunk(type: string, data: Buffer): Buffer {
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
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** SOI, APP0 (JFIF), SOF0 with the size, EOI. */
export function jpegBytes(width: number, height: number) {
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xe0,
    0x00,
    0x10,
    0x4a,
    0x46,
    0x49,
    0x46,
    0x00,
    0x01,
    0x01,
    0x00,
    0x00,
    0x01,
    0x00,
    0x01,
    0x00,
    0x00,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
    0xff,
    0xd9,
  ]);
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
