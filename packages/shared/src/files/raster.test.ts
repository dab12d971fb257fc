import { describe, expect, it } from "vitest";
import { crc32 } from "./crc32";
import { createRasterSniffer, readRasterInfo } from "./raster";

/** ASCII text as bytes (the shared package has no DOM or Node types). */
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];

/** The first 33 bytes of a PNG: signature and IHDR (what the sniffer reads). */
function pngHeader(width: number, height: number, options: { badCrc?: boolean } = {}) {
  const chunk = [0x49, 0x48, 0x44, 0x52, ...be32(width), ...be32(height), 8, 6, 0, 0, 0];
  const crc = crc32(Uint8Array.from(chunk)) ^ (options.badCrc ? 1 : 0);
  return Uint8Array.from([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...be32(13),
    ...chunk,
    ...be32(crc >>> 0),
  ]);
}

/** SOI, an APP0 segment, optional padding segment, then SOF (baseline or progressive). */
function jpegHeader(width: number, height: number, options: { sof?: number; app1?: number } = {}) {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const app1 = options.app1
    ? [
        0xff,
        0xe1,
        (options.app1 + 2) >> 8,
        (options.app1 + 2) & 255,
        ...new Array(options.app1).fill(0xff),
      ]
    : [];
  const sof = [
    0xff,
    options.sof ?? 0xc0,
    0x00,
    0x11,
    8,
    height >> 8,
    height & 255,
    width >> 8,
    width & 255,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ];
  return Uint8Array.from([0xff, 0xd8, ...app0, ...app1, 0xff, 0xff, ...sof, 0xff, 0xd9]);
}

describe("readRasterInfo", () => {
  it("reads a PNG's size from its IHDR chunk", () => {
    expect(readRasterInfo(pngHeader(512, 512))).toEqual({ type: "png", width: 512, height: 512 });
    expect(readRasterInfo(pngHeader(511, 512))).toEqual({ type: "png", width: 511, height: 512 });
  });

  it("refuses a PNG header whose IHDR checksum is wrong, or a truncated one", () => {
    expect(readRasterInfo(pngHeader(512, 512, { badCrc: true }))).toBeNull();
    expect(readRasterInfo(pngHeader(512, 512).slice(0, 20))).toBeNull();
  });

  it("reads a JPEG's size from its frame header, past other segments and fill bytes", () => {
    expect(readRasterInfo(jpegHeader(512, 512))).toEqual({ type: "jpeg", width: 512, height: 512 });
    expect(readRasterInfo(jpegHeader(640, 480, { sof: 0xc2, app1: 70_000 - 2 }))).toEqual({
      type: "jpeg",
      width: 640,
      height: 480,
    });
  });

  it("refuses what is neither", () => {
    expect(readRasterInfo(ascii("<svg/>"))).toBeNull();
    expect(readRasterInfo(Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readRasterInfo(new Uint8Array())).toBeNull();
  });

  it("gives the same answer whatever the chunking", () => {
    const bytes = jpegHeader(512, 512, { app1: 5000 });
    const sniffer = createRasterSniffer();
    for (let i = 0; i < bytes.length; i += 7) sniffer.push(bytes.slice(i, i + 7));
    expect(sniffer.result()).toEqual({ type: "jpeg", width: 512, height: 512 });
    const png = pngHeader(512, 512);
    const byByte = createRasterSniffer();
    for (const b of png) byByte.push(Uint8Array.of(b));
    expect(byByte.result()).toEqual({ type: "png", width: 512, height: 512 });
  });
});
