import { describe, expect, it } from "vitest";
import { crc32 } from "./crc32";
import { createRasterInspector, readRasterInfo } from "./raster";
import { jpegFile, pngFile } from "./test-files";

/** ASCII text as bytes (the shared package has no DOM or Node types). */
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const cat = (...parts: (Uint8Array | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const html = ascii("<html><script>alert(1)</script></html>");

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
function chunk(type: string, data: number[] = [], options: { badCrc?: boolean } = {}) {
  const body = [...ascii(type), ...data];
  const crc = crc32(Uint8Array.from(body)) ^ (options.badCrc ? 1 : 0);
  return [...be32(data.length), ...body, ...be32(crc >>> 0)];
}
const ihdr = (width: number, height: number, color = 2, depth = 8) =>
  chunk("IHDR", [...be32(width), ...be32(height), depth, color, 0, 0, 0]);
/** A real 2×2 PNG's IDAT (stored deflate), to assemble PNGs chunk by chunk. */
const idat = (() => {
  const png = pngFile(2, 2);
  const at = 8 + 25;
  const length =
    (png[at] as number) * 2 ** 24 +
    ((png[at + 1] as number) << 16) +
    ((png[at + 2] as number) << 8) +
    (png[at + 3] as number);
  return Array.from(png.subarray(at, at + 12 + length));
})();
const iend = chunk("IEND");

/** SOI, then the given segments and bytes, as a JPEG's markers go. */
const segment = (marker: number, body: number[]) => [
  0xff,
  marker,
  (body.length + 2) >> 8,
  (body.length + 2) & 255,
  ...body,
];

describe("PNG", () => {
  const png = pngFile(64, 64);

  it("reads a whole PNG's size, walking every chunk to IEND", () => {
    expect(readRasterInfo(pngFile(512, 512))).toEqual({ type: "png", width: 512, height: 512 });
    expect(readRasterInfo(png)).toEqual({ type: "png", width: 64, height: 64 });
    expect(readRasterInfo(pngFile(511, 3))).toEqual({ type: "png", width: 511, height: 3 });
    // Ancillary chunks anywhere, and a palette image with its PLTE.
    expect(
      readRasterInfo(
        cat(
          SIGNATURE,
          ihdr(2, 2, 3),
          chunk("tEXt", ascii("Title\0x")),
          chunk("PLTE", [0, 0, 0]),
          idat,
          chunk("tIME", [7, 233, 1, 1, 0, 0, 0]),
          iend,
        ),
      ),
    ).toEqual({ type: "png", width: 2, height: 2 });
  });

  it("refuses a header without the image: truncated, or followed by something else", () => {
    expect(readRasterInfo(png.subarray(0, 33))).toBeNull();
    expect(readRasterInfo(cat(png.subarray(0, 33), html))).toBeNull();
    expect(readRasterInfo(png.subarray(0, 20))).toBeNull();
    expect(readRasterInfo(png.subarray(0, png.length - 12))).toBeNull();
    expect(readRasterInfo(png.subarray(0, png.length - 1))).toBeNull();
  });

  it("refuses anything after IEND", () => {
    expect(readRasterInfo(cat(png, html))).toBeNull();
    expect(readRasterInfo(cat(png, [0]))).toBeNull();
    expect(readRasterInfo(cat(png, iend))).toBeNull();
  });

  it("refuses a chunk whose CRC is wrong", () => {
    expect(
      readRasterInfo(
        cat(
          SIGNATURE,
          chunk("IHDR", [...be32(2), ...be32(2), 8, 2, 0, 0, 0], { badCrc: true }),
          idat,
          iend,
        ),
      ),
    ).toBeNull();
    expect(
      readRasterInfo(cat(SIGNATURE, ihdr(2, 2), idat, chunk("IEND", [], { badCrc: true }))),
    ).toBeNull();
    const flipped = Uint8Array.from(png);
    flipped[100] = (flipped[100] as number) ^ 1; // inside IDAT
    expect(readRasterInfo(flipped)).toBeNull();
  });

  it("refuses a broken chunk order or an unknown critical chunk", () => {
    expect(readRasterInfo(cat(SIGNATURE, ihdr(2, 2), iend))).toBeNull(); // no IDAT
    expect(readRasterInfo(cat(SIGNATURE, idat, iend))).toBeNull(); // no IHDR first
    expect(readRasterInfo(cat(SIGNATURE, ihdr(2, 2), ihdr(2, 2), idat, iend))).toBeNull();
    expect(
      readRasterInfo(cat(SIGNATURE, ihdr(2, 2), idat, chunk("tEXt", ascii("a\0b")), idat, iend)),
    ).toBeNull();
    expect(readRasterInfo(cat(SIGNATURE, ihdr(2, 2), chunk("HTML", html), idat, iend))).toBeNull();
    expect(readRasterInfo(cat(SIGNATURE, ihdr(2, 2, 3), idat, iend))).toBeNull(); // palette missing
    expect(readRasterInfo(cat(SIGNATURE, ihdr(2, 2, 2, 3), idat, iend))).toBeNull(); // bad depth
    expect(readRasterInfo(cat(SIGNATURE, ihdr(2, 2), idat, chunk("IEND", [1])))).toBeNull();
    expect(readRasterInfo(cat(SIGNATURE, ihdr(0, 2), idat, iend))).toBeNull();
  });
});

describe("JPEG", () => {
  const jpeg = jpegFile(512, 512);
  const soi = [0xff, 0xd8];
  const sof = segment(0xc0, [8, 0, 16, 0, 16, 1, 1, 0x11, 0]);
  const sos = segment(0xda, [1, 1, 0, 0, 63, 0]);

  it("reads a whole JPEG's size, walking its segments and scans to EOI", () => {
    expect(readRasterInfo(jpeg)).toEqual({ type: "jpeg", width: 512, height: 512 });
    // APP and COM segments, fill bytes, stuffed bytes, restart markers, two scans.
    const bytes = cat(
      soi,
      segment(0xe1, new Array(65_000).fill(0xff)),
      segment(0xfe, ascii("made by hand")),
      [0xff, 0xff],
      segment(0xc2, [8, 1, 224, 2, 128, 1, 1, 0x11, 0]),
      sos,
      [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xff, 0xd1, 0x00],
      segment(0xc4, [0x10, 1, ...new Array(15).fill(0), 0]),
      sos,
      [0x78],
      [0xff, 0xd9],
    );
    expect(readRasterInfo(bytes)).toEqual({ type: "jpeg", width: 640, height: 480 });
  });

  it("refuses a header without its end: truncated, no EOI, or anything after EOI", () => {
    expect(readRasterInfo(jpeg.subarray(0, 200))).toBeNull();
    expect(readRasterInfo(cat(jpeg.subarray(0, 200), html))).toBeNull();
    expect(readRasterInfo(jpeg.subarray(0, jpeg.length - 2))).toBeNull();
    expect(readRasterInfo(jpeg.subarray(0, jpeg.length - 1))).toBeNull();
    expect(readRasterInfo(cat(jpeg, [0]))).toBeNull();
    expect(readRasterInfo(cat(jpeg, html))).toBeNull();
    expect(readRasterInfo(cat(jpeg, [0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });

  it("refuses scans before the frame, a missing scan, and broken segments", () => {
    expect(readRasterInfo(cat(soi, [0xff, 0xd9]))).toBeNull();
    expect(readRasterInfo(cat(soi, sof, [0xff, 0xd9]))).toBeNull();
    expect(readRasterInfo(cat(soi, sos, [0x00], sof, [0xff, 0xd9]))).toBeNull();
    expect(readRasterInfo(cat(soi, sof, sof, sos, [0xff, 0xd9]))).toBeNull();
    expect(readRasterInfo(cat(soi, [0xff, 0xe0, 0x00, 0x01], sof, sos, [0xff, 0xd9]))).toBeNull();
    expect(readRasterInfo(cat(soi, [0x00], sof, sos, [0xff, 0xd9]))).toBeNull();
    expect(
      readRasterInfo(cat(soi, segment(0xc0, [8, 0, 0, 0, 16, 1, 1, 0x11, 0]), sos, [0xff, 0xd9])),
    ).toBeNull();
    expect(readRasterInfo(cat(soi, sof, sos, [0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });
});

describe("createRasterInspector", () => {
  it("refuses what is neither", () => {
    expect(readRasterInfo(Uint8Array.from(ascii("<svg/>")))).toBeNull();
    expect(readRasterInfo(new Uint8Array())).toBeNull();
  });

  it("gives the same answer whatever the chunking", () => {
    for (const [bytes, expected] of [
      [jpegFile(64, 40), { type: "jpeg", width: 64, height: 40 }],
      [pngFile(30, 20), { type: "png", width: 30, height: 20 }],
      [cat(pngFile(30, 20), [0]), null],
    ] as const) {
      for (const size of [1, 3, 7, 64, 4096]) {
        const inspector = createRasterInspector();
        for (let i = 0; i < bytes.length; i += size) inspector.push(bytes.subarray(i, i + size));
        expect(inspector.finish()).toEqual(expected);
      }
    }
  });

  it("knows as soon as the bytes stop fitting (the server stops reading there)", () => {
    const inspector = createRasterInspector();
    inspector.push(pngFile(512, 512).subarray(0, 33));
    expect(inspector.ok()).toBe(true);
    inspector.push(Uint8Array.from(html));
    expect(inspector.ok()).toBe(false);
  });
});
