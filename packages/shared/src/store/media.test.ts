import { describe, expect, it } from "vitest";
import { mp4File, pngFile, webmFile } from "../files/test-files";
import { checkModuleVideo, checkThumbnailPixels, createModuleVideoInspector } from "./media";
import { StoreTexts } from "./texts";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const cat = (...parts: (Uint8Array | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const html = ascii("<html><script>alert(1)</script></html>");

describe("module media checks", () => {
  it("accepts MP4 and WebM videos by content only, walked to their end", () => {
    expect(checkModuleVideo(mp4File())).toMatchObject({ ok: true, contentType: "video/mp4" });
    expect(checkModuleVideo(webmFile())).toMatchObject({ ok: true, contentType: "video/webm" });
    expect(checkModuleVideo(pngFile(10, 10))).toEqual({
      ok: false,
      message: StoreTexts.notAVideo,
    });
    expect(checkModuleVideo(cat(mp4File().subarray(0, 24), new Array(5000).fill(0)))).toEqual({
      ok: false,
      message: StoreTexts.notAVideo,
    });
    expect(checkModuleVideo(cat(webmFile(), html))).toMatchObject({ ok: false });
  });

  it("limits a thumbnail's pixels, not its sides", () => {
    expect(checkThumbnailPixels(4000, 3000)).toBeNull();
    expect(checkThumbnailPixels(40_000, 1000)).toBeNull();
    expect(checkThumbnailPixels(8000, 8000)).toBe(
      "The thumbnail has too many pixels: at most 40 megapixels.",
    );
  });

  it("gives the same answer whatever the chunking", () => {
    for (const bytes of [
      mp4File({ mdatBytes: 3 }),
      webmFile({ frameBytes: 3, unknownSizes: true }),
    ]) {
      const inspector = createModuleVideoInspector();
      for (const b of bytes) inspector.push(Uint8Array.of(b));
      expect(inspector.finish().ok).toBe(true);
    }
  });
});
