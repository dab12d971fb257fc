import { describe, expect, it } from "vitest";
import { readVideoType } from "./video";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ftyp = (brand: string, size = 24) =>
  Uint8Array.from([
    ...be32(size),
    ...ascii("ftyp"),
    ...ascii(brand),
    0,
    0,
    2,
    0,
    ...ascii("isommp41"),
  ]);

describe("readVideoType", () => {
  it("knows an MP4 by its ftyp box", () => {
    expect(readVideoType(ftyp("isom"))).toBe("mp4");
    expect(readVideoType(ftyp("mp42"))).toBe("mp4");
    expect(readVideoType(ftyp("M4V "))).toBe("mp4");
  });

  it("knows a WebM by its EBML header", () => {
    expect(
      readVideoType(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])),
    ).toBe("webm");
  });

  it("refuses still images in the same container, bad boxes and anything else", () => {
    expect(readVideoType(ftyp("heic"))).toBeNull();
    expect(readVideoType(ftyp("avif"))).toBeNull();
    expect(readVideoType(ftyp("isom", 8))).toBeNull();
    expect(
      readVideoType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])),
    ).toBeNull();
    expect(readVideoType(Uint8Array.from(ascii("just some text, not a video")))).toBeNull();
    expect(readVideoType(ftyp("isom").slice(0, 10))).toBeNull();
    expect(readVideoType(new Uint8Array())).toBeNull();
  });
});
