import { describe, expect, it } from "vitest";
import { webpFile } from "./test-files";
import { createWebpInspector, isWebpSignature, readWebpInfo } from "./webp";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const chunk = (type: string, data: number[]) => [
  ...ascii(type),
  ...le32(data.length),
  ...data,
  ...(data.length % 2 ? [0] : []),
];
/** A RIFF/WEBP file of the given chunks, its size field right unless `size` says otherwise. */
const riff = (chunks: number[][], size?: number) => {
  const body = chunks.flat();
  return Uint8Array.from([
    ...ascii("RIFF"),
    ...le32(size ?? 4 + body.length),
    ...ascii("WEBP"),
    ...body,
  ]);
};

/** A lossless (VP8L) header: signature 0x2f, then 14-bit width-1 and height-1. */
const vp8l = (width: number, height: number) => {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  return chunk("VP8L", [0x2f, ...le32(bits), 0, 0, 0]);
};
/** A lossy (VP8) key frame header: frame tag, start code 9D 01 2A, 14-bit sizes. */
const vp8 = (width: number, height: number) =>
  chunk("VP8 ", [
    0x30,
    0x01,
    0x00,
    0x9d,
    0x01,
    0x2a,
    width & 255,
    (width >> 8) & 0x3f,
    height & 255,
    (height >> 8) & 0x3f,
    0,
    0,
  ]);
/** An extended (VP8X) header: flags, reserved, 24-bit width-1 and height-1. */
const vp8x = (width: number, height: number) => {
  const w = width - 1;
  const h = height - 1;
  return chunk("VP8X", [
    0x10,
    0,
    0,
    0,
    w & 255,
    (w >> 8) & 255,
    w >> 16,
    h & 255,
    (h >> 8) & 255,
    h >> 16,
  ]);
};

describe("readWebpInfo", () => {
  it("reads the size of lossless, lossy and extended WebP images", () => {
    expect(readWebpInfo(webpFile(640, 360))).toEqual({ type: "webp", width: 640, height: 360 });
    expect(readWebpInfo(riff([vp8l(640, 360)]))).toEqual({ type: "webp", width: 640, height: 360 });
    expect(readWebpInfo(riff([vp8(800, 600)]))).toEqual({ type: "webp", width: 800, height: 600 });
    expect(
      readWebpInfo(
        riff([vp8x(4000, 3000), chunk("ALPH", [1, 2, 3]), vp8(4000, 3000), chunk("EXIF", [1])]),
      ),
    ).toEqual({
      type: "webp",
      width: 4000,
      height: 3000,
    });
  });

  it("refuses a RIFF size that is not the file's, and bytes beyond it", () => {
    const good = riff([vp8l(10, 10)]);
    expect(readWebpInfo(riff([vp8l(10, 10)], good.length - 8 + 2))).toBeNull();
    expect(readWebpInfo(riff([vp8l(10, 10)], good.length - 8 - 2))).toBeNull();
    expect(readWebpInfo(Uint8Array.from([...good, ...ascii("<html>")]))).toBeNull();
    expect(readWebpInfo(good.subarray(0, good.length - 1))).toBeNull();
    expect(readWebpInfo(webpFile(10, 10).subarray(0, 30))).toBeNull();
  });

  it("refuses chunks that do not chain to the end, or no bitstream first", () => {
    expect(readWebpInfo(riff([[...ascii("VP8L"), ...le32(100), 0x2f, 0, 0, 0, 0]]))).toBeNull();
    expect(readWebpInfo(riff([chunk("ALPH", [1, 2]), vp8l(10, 10)]))).toBeNull();
    expect(readWebpInfo(riff([vp8x(10, 10), chunk("EXIF", [1])]))).toBeNull(); // no image
    expect(readWebpInfo(riff([chunk("VP8L", [0x2f, 0, 0])]))).toBeNull(); // header cut short
  });

  it("holds the image inside an extended file to the canvas it announces", () => {
    // A small canvas must not hide a larger bitstream (a decoder sizes its buffers by it).
    expect(readWebpInfo(riff([vp8x(100, 100), vp8l(8000, 8000)]))).toBeNull();
    expect(readWebpInfo(riff([vp8x(100, 100), vp8(100, 99)]))).toBeNull();
    expect(readWebpInfo(riff([vp8l(100, 100), vp8l(8000, 8000)]))).toBeNull();
    /** An animation frame at (x, y) of width × height, with a nested bitstream of its size. */
    const anmf = (x: number, y: number, width: number, height: number) =>
      chunk("ANMF", [
        ...le24(x / 2),
        ...le24(y / 2),
        ...le24(width - 1),
        ...le24(height - 1),
        ...le24(100),
        0,
        ...vp8l(width, height),
      ]);
    const animation = (frame: number[]) =>
      riff([vp8x(100, 80), chunk("ANIM", [0, 0, 0, 0, 0, 0]), frame]);
    expect(readWebpInfo(animation(anmf(20, 20, 80, 60)))).toEqual({
      type: "webp",
      width: 100,
      height: 80,
    });
    expect(readWebpInfo(animation(anmf(22, 0, 80, 60)))).toBeNull();
    expect(readWebpInfo(animation(anmf(0, 0, 100, 81)))).toBeNull();
  });

  it("refuses other RIFF files and broken bitstream headers", () => {
    const wave = Uint8Array.from([
      ...ascii("RIFF"),
      ...le32(100),
      ...ascii("WAVEfmt "),
      ...new Array(92).fill(0),
    ]);
    expect(isWebpSignature(wave)).toBe(false);
    expect(readWebpInfo(wave)).toBeNull();
    const badStartCode = riff([vp8(800, 600)]);
    badStartCode[23] = 0;
    expect(readWebpInfo(badStartCode)).toBeNull();
    const badSignature = riff([vp8l(10, 10)]);
    badSignature[20] = 0;
    expect(readWebpInfo(badSignature)).toBeNull();
  });

  it("gives the same answer whatever the chunking, and knows early when it fails", () => {
    const bytes = riff([vp8x(300, 200), chunk("ICCP", new Array(999).fill(7)), vp8l(300, 200)]);
    for (const size of [1, 5, 64]) {
      const inspector = createWebpInspector();
      for (let i = 0; i < bytes.length; i += size) inspector.push(bytes.subarray(i, i + size));
      expect(inspector.finish()).toEqual({ type: "webp", width: 300, height: 200 });
    }
    const early = createWebpInspector();
    early.push(riff([chunk("HTML", ascii("<script>"))]));
    expect(early.ok()).toBe(false);
  });

  it("recognises the signature alone", () => {
    expect(isWebpSignature(webpFile(1, 1))).toBe(true);
    expect(isWebpSignature(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});
