import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { bitmapPng, pngChunk as chunk, jpegClaiming } from "../../test/test-images";
import { type ImageTarget, MAX_IMAGE_PIXELS, reencodeImage } from "./images";

const messages = { notImage: "not an image", tooManyPixels: "too many pixels", wrongSize: "size" };
const asStored = (format: ImageTarget["format"]): ImageTarget => ({
  format,
  maxPixels: MAX_IMAGE_PIXELS,
  messages,
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#3a6ea5" } });

describe("reencodeImage", () => {
  it("keeps neither the EXIF (GPS position included) nor the bytes after the end of a phone's JPEG", async () => {
    const taken = await photo(640, 480)
      .jpeg()
      .withExif({
        IFD0: { Make: "PhoneMaker", Model: "Phone 15" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" },
      })
      .toBuffer();
    expect((await sharp(taken).metadata()).exif).toBeDefined();
    const sent = Buffer.concat([taken, Buffer.from("TRAILING<script>alert(1)</script>")]);

    const stored = await reencodeImage(sent, asStored("source"));
    expect(stored).toMatchObject({ contentType: "image/jpeg", width: 640, height: 480 });
    const meta = await sharp(stored.body).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(stored.body.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect(stored.body.includes(Buffer.from("TRAILING"))).toBe(false);
    expect(stored.body.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it("turns a photo as its EXIF orientation says, and stores it upright without the tag", async () => {
    const sideways = await photo(300, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const stored = await reencodeImage(sideways, asStored("png"));
    expect([stored.width, stored.height]).toEqual([200, 300]);
    expect((await sharp(stored.body).metadata()).orientation).toBeUndefined();
    // An exact size is judged upright too.
    await expect(
      reencodeImage(sideways, { ...asStored("png"), exactSize: { width: 200, height: 300 } }),
    ).resolves.toMatchObject({ width: 200, height: 300 });
    await expect(
      reencodeImage(sideways, { ...asStored("png"), exactSize: { width: 300, height: 200 } }),
    ).rejects.toMatchObject({ code: "VALIDATION", message: "size" });
  });

  it("stores a PNG that hides HTML in a text chunk without it", async () => {
    const clean = await photo(16, 16).png().toBuffer();
    const iend = clean.length - 12;
    const sent = Buffer.concat([
      clean.subarray(0, iend),
      chunk("tEXt", Buffer.from("Comment\0<html><script>alert(document.cookie)</script></html>")),
      clean.subarray(iend),
    ]);
    expect((await sharp(sent).metadata()).format).toBe("png");
    const stored = await reencodeImage(sent, asStored("png"));
    expect(stored.body.includes(Buffer.from("<script>"))).toBe(false);
    expect(stored.body.includes(Buffer.from("tEXt"))).toBe(false);
  });

  it("accepts a CMYK JPEG and stores it in sRGB", async () => {
    const cmyk = await photo(64, 64).toColourspace("cmyk").jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe("cmyk");
    const stored = await reencodeImage(cmyk, asStored("webp"));
    expect((await sharp(stored.body).metadata()).space).toBe("srgb");
  });

  it("stores bytes of its own for every raster type it takes", async () => {
    const inputs = {
      png: await photo(40, 30).png().toBuffer(),
      jpeg: await photo(40, 30).jpeg().toBuffer(),
      webp: await photo(40, 30).webp().toBuffer(),
      gif: await photo(40, 30).gif().toBuffer(),
      avif: await photo(40, 30).avif().toBuffer(),
      tiff: await photo(40, 30).tiff().toBuffer(),
    };
    for (const [format, sent] of Object.entries(inputs)) {
      for (const target of ["png", "webp", "source"] as const) {
        const stored = await reencodeImage(sent, asStored(target));
        expect(stored.body.equals(sent), `${format} → ${target}`).toBe(false);
        expect([stored.width, stored.height]).toEqual([40, 30]);
      }
    }
  });

  it("refuses what is not a raster image, with the target's message", async () => {
    for (const sent of [
      Buffer.from("<html><body>hi</body></html>"),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.from("%PDF-1.4\n%%EOF\n"),
      (await photo(64, 64).png().toBuffer()).subarray(0, 60),
      Buffer.alloc(0),
    ]) {
      await expect(reencodeImage(sent, asStored("webp"))).rejects.toMatchObject({
        code: "VALIDATION",
        message: "not an image",
      });
    }
  });

  it("refuses pixel bombs from their header, without the memory to decode them", async () => {
    const bombs = [
      bitmapPng(8000, 8000),
      bitmapPng(20000, 20000),
      await jpegClaiming(65500, 65500),
    ];
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    // Refused before decoding: the memory below tells it, where a clock on CI's busy cores
    // would not (a keystore's refusal "at once" once took 1.9 s there).
    for (const bomb of bombs) {
      await expect(reencodeImage(bomb, asStored("webp"))).rejects.toMatchObject({
        message: "too many pixels",
      });
    }
    // Decoding the 20000² bomb alone would take 400 MB (1.6 GB as RGBA).
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(64 * 1024 * 1024);
  });

  it("scales down to fit a box, never up", async () => {
    const big = await photo(4000, 3000).jpeg().toBuffer();
    const fitted = await reencodeImage(big, {
      ...asStored("webp"),
      fitWithin: { width: 1600, height: 1600 },
    });
    expect([fitted.width, fitted.height]).toEqual([1600, 1200]);
    const small = await reencodeImage(await photo(100, 50).png().toBuffer(), {
      ...asStored("webp"),
      fitWithin: { width: 1600, height: 1600 },
    });
    expect([small.width, small.height]).toEqual([100, 50]);
  });
});
