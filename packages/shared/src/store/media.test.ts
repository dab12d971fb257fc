import { describe, expect, it } from "vitest";
import { crc32 } from "../files/crc32";
import { checkModuleMedia, createModuleMediaInspector, MODULE_MEDIA_RULES } from "./media";
import { StoreTexts } from "./texts";

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function pngHeader(width: number, height: number) {
  const ihdr = [...ascii("IHDR"), ...be32(width), ...be32(height), 8, 6, 0, 0, 0];
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
    ...ihdr,
    ...be32(crc32(Uint8Array.from(ihdr))),
  ]);
}
const webp = Uint8Array.from([
  ...ascii("RIFF"),
  26,
  0,
  0,
  0,
  ...ascii("WEBPVP8L"),
  5,
  0,
  0,
  0,
  0x2f,
  0x3f,
  0xc0,
  0x0f,
  0,
  0,
  0,
  0,
  0,
  0,
]);
const mp4 = Uint8Array.from([...be32(24), ...ascii("ftypisom"), 0, 0, 2, 0, ...ascii("isomiso2")]);
const webm = Uint8Array.from([
  0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81,
]);

describe("module media checks", () => {
  it("accepts PNG, JPEG and WebP thumbnails by content", () => {
    expect(checkModuleMedia("thumbnail", pngHeader(640, 360))).toMatchObject({
      ok: true,
      contentType: "image/png",
    });
    const jpeg = Uint8Array.from([
      0xff, 0xd8, 0xff, 0xc0, 0x00, 0x11, 8, 0, 10, 0, 20, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1,
    ]);
    expect(checkModuleMedia("thumbnail", jpeg)).toMatchObject({
      ok: true,
      contentType: "image/jpeg",
    });
    expect(checkModuleMedia("thumbnail", webp)).toMatchObject({
      ok: true,
      contentType: "image/webp",
      extension: "webp",
    });
  });

  it("refuses a thumbnail that is not one of those images, whatever its name", () => {
    expect(checkModuleMedia("thumbnail", Uint8Array.from(ascii("hello, I am text")))).toEqual({
      ok: false,
      message: StoreTexts.notAnImage,
    });
    expect(checkModuleMedia("thumbnail", mp4)).toMatchObject({ ok: false });
  });

  it("accepts MP4 and WebM videos by content only", () => {
    expect(checkModuleMedia("video", mp4)).toMatchObject({ ok: true, contentType: "video/mp4" });
    expect(checkModuleMedia("video", webm)).toMatchObject({ ok: true, contentType: "video/webm" });
    expect(checkModuleMedia("video", pngHeader(10, 10))).toEqual({
      ok: false,
      message: StoreTexts.notAVideo,
    });
  });

  it("refuses a file over the size limit", () => {
    const big = new Uint8Array(MODULE_MEDIA_RULES.thumbnail.maxBytes + 1);
    big.set(pngHeader(10, 10));
    expect(checkModuleMedia("thumbnail", big)).toEqual({
      ok: false,
      message: StoreTexts.fileTooLarge("thumbnail", "5 MB"),
    });
  });

  it("gives the same answer whatever the chunking", () => {
    for (const [kind, bytes] of [
      ["thumbnail", webp],
      ["thumbnail", pngHeader(3, 3)],
      ["video", mp4],
    ] as const) {
      const inspector = createModuleMediaInspector(kind);
      for (const b of bytes) inspector.push(Uint8Array.of(b));
      expect(inspector.finish().ok).toBe(true);
    }
  });
});
