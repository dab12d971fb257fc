import { describe, expect, it } from "vitest";
import {
  jpegFile,
  jpegHeader,
  mp4File,
  pngBitmapFile,
  pngFile,
  pngHeader,
  webmFile,
  webpFile,
  webpHeader,
} from "../files/test-files";
import {
  checkModuleMedia,
  createModuleMediaInspector,
  MODULE_MEDIA_RULES,
  THUMBNAIL_MAX_SIDE,
} from "./media";
import { StoreTexts } from "./texts";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const cat = (...parts: (Uint8Array | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const html = ascii("<html><script>alert(1)</script></html>");

describe("module media checks", () => {
  it("accepts whole PNG, JPEG and WebP thumbnails by content", () => {
    expect(checkModuleMedia("thumbnail", pngFile(64, 36))).toMatchObject({
      ok: true,
      contentType: "image/png",
    });
    expect(checkModuleMedia("thumbnail", jpegFile(64, 36))).toMatchObject({
      ok: true,
      contentType: "image/jpeg",
      extension: "jpg",
    });
    expect(checkModuleMedia("thumbnail", webpFile(64, 36))).toMatchObject({
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
    expect(checkModuleMedia("thumbnail", mp4File())).toMatchObject({ ok: false });
  });

  it("refuses a thumbnail that only starts like an image", () => {
    for (const bytes of [
      pngFile(64, 36).subarray(0, 33),
      cat(pngFile(64, 36).subarray(0, 33), html),
      cat(pngFile(8, 8), html),
      jpegFile(64, 36).subarray(0, 200),
      cat(jpegFile(8, 8), html),
      cat(webpFile(8, 8), html),
      webpFile(8, 8).subarray(0, 30),
    ]) {
      expect(checkModuleMedia("thumbnail", bytes)).toEqual({
        ok: false,
        message: StoreTexts.notAnImage,
      });
    }
  });

  it("accepts MP4 and WebM videos by content only, walked to their end", () => {
    expect(checkModuleMedia("video", mp4File())).toMatchObject({
      ok: true,
      contentType: "video/mp4",
    });
    expect(checkModuleMedia("video", webmFile())).toMatchObject({
      ok: true,
      contentType: "video/webm",
    });
    expect(checkModuleMedia("video", pngFile(10, 10))).toEqual({
      ok: false,
      message: StoreTexts.notAVideo,
    });
    expect(
      checkModuleMedia("video", cat(mp4File().subarray(0, 24), new Array(5000).fill(0))),
    ).toEqual({
      ok: false,
      message: StoreTexts.notAVideo,
    });
    expect(checkModuleMedia("video", cat(webmFile(), html))).toMatchObject({ ok: false });
  });

  it("refuses a thumbnail over 4096×4096 pixels as soon as its header is read", () => {
    const tooBig = { ok: false, message: StoreTexts.thumbnailTooBig(THUMBNAIL_MAX_SIDE) };
    expect(tooBig.message).toBe("The thumbnail must be at most 4096×4096 pixels.");
    for (const header of [
      pngHeader(20000, 20000),
      jpegHeader(65500, 65500),
      webpHeader("VP8 ", 8000, 8000),
      webpHeader("VP8L", 8000, 8000),
      webpHeader("VP8X", 8000, 8000),
      pngHeader(4097, 1),
      jpegHeader(1, 4097),
      webpHeader("VP8X", 4096, 4097),
    ]) {
      const inspector = createModuleMediaInspector("thumbnail");
      inspector.push(header);
      expect(inspector.ok()).toBe(false);
      expect(inspector.finish()).toEqual(tooBig);
      // Whatever would follow, the answer is the same.
      expect(checkModuleMedia("thumbnail", cat(header, new Array(1000).fill(0)))).toEqual(tooBig);
    }
  });

  it("accepts thumbnails of exactly 4096×4096 pixels", () => {
    for (const bytes of [
      pngBitmapFile(4096, 4096),
      jpegFile(4096, 4096),
      webpFile(4096, 4096),
      webpFile(4096, 1),
    ]) {
      expect(checkModuleMedia("thumbnail", bytes)).toMatchObject({ ok: true });
    }
    for (const header of [pngHeader(4096, 4096), webpHeader("VP8X", 4096, 4096)]) {
      const inspector = createModuleMediaInspector("thumbnail");
      inspector.push(header);
      expect(inspector.ok()).toBe(true);
    }
  });

  it("refuses a file over the size limit", () => {
    const big = new Uint8Array(MODULE_MEDIA_RULES.thumbnail.maxBytes + 1);
    big.set(pngFile(10, 10));
    expect(checkModuleMedia("thumbnail", big)).toEqual({
      ok: false,
      message: StoreTexts.fileTooLarge("thumbnail", "5 MB"),
    });
  });

  it("gives the same answer whatever the chunking", () => {
    for (const [kind, bytes] of [
      ["thumbnail", webpFile(5, 5)],
      ["thumbnail", pngFile(3, 3)],
      ["thumbnail", jpegFile(9, 9)],
      ["video", mp4File({ mdatBytes: 3 })],
      ["video", webmFile({ frameBytes: 3, unknownSizes: true })],
    ] as const) {
      const inspector = createModuleMediaInspector(kind);
      for (const b of bytes) inspector.push(Uint8Array.of(b));
      expect(inspector.finish().ok).toBe(true);
    }
  });
});
