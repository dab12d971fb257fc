import { describe, expect, it } from "vitest";
import { isWebpSignature, readWebpInfo } from "./webp";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];
const riff = (chunk: number[]) =>
  Uint8Array.from([...ascii("RIFF"), ...le32(4 + chunk.length), ...ascii("WEBP"), ...chunk]);

/** A lossless (VP8L) header: signature 0x2f, then 14-bit width-1 and height-1. */
function vp8l(width: number, height: number) {
  const bits = ((width - 1) | ((height - 1) << 14)) >>> 0;
  return riff([...ascii("VP8L"), ...le32(5), 0x2f, ...le32(bits), 0, 0, 0, 0, 0]);
}

/** A lossy (VP8) key frame header: frame tag, start code 9D 01 2A, 14-bit sizes. */
function vp8(width: number, height: number) {
  return riff([
    ...ascii("VP8 "),
    ...le32(10),
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
  ]);
}

/** An extended (VP8X) header: flags, reserved, 24-bit width-1 and height-1. */
function vp8x(width: number, height: number) {
  const w = width - 1;
  const h = height - 1;
  return riff([
    ...ascii("VP8X"),
    ...le32(10),
    0x10,
    0,
    0,
    0,
    w & 255,
    (w >> 8) & 255,
    (w >> 16) & 255,
    h & 255,
    (h >> 8) & 255,
    (h >> 16) & 255,
  ]);
}

describe("readWebpInfo", () => {
  it("reads the size of lossless, lossy and extended WebP images", () => {
    expect(readWebpInfo(vp8l(640, 360))).toEqual({ type: "webp", width: 640, height: 360 });
    expect(readWebpInfo(vp8(800, 600))).toEqual({ type: "webp", width: 800, height: 600 });
    expect(readWebpInfo(vp8x(4000, 3000))).toEqual({ type: "webp", width: 4000, height: 3000 });
  });

  it("refuses other RIFF files, broken headers and truncated ones", () => {
    const wave = Uint8Array.from([
      ...ascii("RIFF"),
      ...le32(100),
      ...ascii("WAVEfmt "),
      ...new Array(30).fill(0),
    ]);
    expect(isWebpSignature(wave)).toBe(false);
    expect(readWebpInfo(wave)).toBeNull();
    const badStartCode = vp8(800, 600);
    badStartCode[23] = 0;
    expect(readWebpInfo(badStartCode)).toBeNull();
    const badSignature = vp8l(10, 10);
    badSignature[20] = 0;
    expect(readWebpInfo(badSignature)).toBeNull();
    expect(readWebpInfo(vp8l(10, 10).slice(0, 20))).toBeNull();
    expect(
      readWebpInfo(Uint8Array.from(ascii("RIFF....WEBPVP9 not a webp image at all"))),
    ).toBeNull();
  });

  it("recognises the signature alone", () => {
    expect(isWebpSignature(vp8l(1, 1))).toBe(true);
    expect(isWebpSignature(Uint8Array.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
  });
});
