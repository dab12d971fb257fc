import { buffer } from "node:stream/consumers";
import { MultipartTexts } from "@hybridge/shared/common/texts";
import { pngBitmapFile } from "@hybridge/shared/files/test-files";
import { THUMBNAIL_MAX_PIXELS } from "@hybridge/shared/store/media";
import { StoreTexts } from "@hybridge/shared/store/texts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileKeys } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { bitmapPng, jpegBytes, jpegClaiming, pngBytes } from "../../../test/test-images";
import {
  moduleFields,
  mp4Bytes,
  postModule,
  thumbnailPart,
  videoPart,
  webmBytes,
  webpBytes,
} from "./test-support";

/**
 * What a module's media must be, through POST /api/store/modules: a thumbnail is any image sharp
 * decodes, of at most 40 megapixels by its header, stored as the server's own WebP (decision
 * 029); an MP4 or WebM video whose container is walked to the end of the file. Every refusal
 * leaves no file and no module.
 */

let app: TestApp;
let author: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  author = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const html = Buffer.from("<html><script>alert(document.cookie)</script></html>");
/** An ftyp box (isom) as MP4 files start. */
const ftyp = Buffer.concat([
  be32(24),
  Buffer.from("ftypisom"),
  be32(0x200),
  Buffer.from("isomiso2"),
]);
/** An EBML header of the given DocType. */
const ebmlHeader = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (docType.length + 7), 0x42, 0x86, 0x81, 0x01]),
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, "latin1"),
  ]);

/** A WebM's Segment element and everything after it. */
const segmentOf = (webm: Buffer) =>
  webm.subarray(webm.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67])));

async function readStored(key: string): Promise<Buffer> {
  const file = await app.deps.storage.open(key);
  if (!file) throw new Error(`${key} is not stored`);
  return buffer(file.stream);
}

async function expectRefused(files: Parameters<typeof postModule>[3], message: string) {
  const before = storedFileKeys(app);
  const res = await postModule(app, author.cookie, moduleFields(), files);
  expect(res.json()).toEqual({ code: "VALIDATION", message });
  expect(res.statusCode).toBe(400);
  expect(storedFileKeys(app)).toEqual(before);
}

describe("module thumbnails", () => {
  const png = pngBytes(64, 36);
  const jpeg = jpegBytes(64, 36);
  const webp = webpBytes(64, 36);

  it.each([
    ["a PNG header followed by HTML", Buffer.concat([png.subarray(0, 33), html])],
    ["a PNG truncated after its header", png.subarray(0, 33)],
    ["a JPEG header followed by HTML", Buffer.concat([jpeg.subarray(0, 180), html])],
    ["a WebP truncated after its header", webp.subarray(0, 30)],
    ["text", html],
    ["an SVG", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>')],
  ])("refuses %s", async (_label, data) => {
    await expectRefused([thumbnailPart(data, "thumb.png")], StoreTexts.notAnImage);
  });

  const tooBig = StoreTexts.thumbnailTooBig(THUMBNAIL_MAX_PIXELS / 1_000_000);
  it.each([
    ["an 8000×8000 PNG", bitmapPng(8000, 8000)],
    ["a 20000×20000 PNG", bitmapPng(20000, 20000)],
    ["a JPEG whose frame header claims 65500×65500", jpegClaiming(65500, 65500)],
  ])("refuses %s, from its header", async (_label, data) => {
    await expectRefused([thumbnailPart(data, "thumb.png")], tooBig);
  });

  it("stores the server's own WebP of a PNG, JPEG or WebP, even one with bytes after its end", async () => {
    for (const data of [png, jpeg, webp, Buffer.concat([png, html]), Buffer.concat([jpeg, html])]) {
      const res = await postModule(app, author.cookie, moduleFields(), [thumbnailPart(data)]);
      expect(res.statusCode).toBe(201);
      const key = (res.json().module.thumbnailUrl as string).replace(/^\/api\/files\//, "");
      expect(key).toMatch(/^module-thumbnails\/[\w-]+\.webp$/);
      const stored = await readStored(key);
      expect(stored.subarray(8, 12).toString("latin1")).toBe("WEBP");
      expect(stored.includes(html)).toBe(false);
      expect(stored.equals(data)).toBe(false);
    }
  });

  it("scales a large thumbnail down to fit 1600×1600, keeping its proportions", async () => {
    const res = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(Buffer.from(pngBitmapFile(4096, 2048))),
    ]);
    expect(res.statusCode).toBe(201);
    const key = (res.json().module.thumbnailUrl as string).replace(/^\/api\/files\//, "");
    const { width, height } = await sharp(await readStored(key)).metadata();
    expect([width, height]).toEqual([1600, 800]);
  });
});

describe("module videos", () => {
  it.each([
    [
      "a 30 MB ftyp header followed by zeros",
      Buffer.concat([ftyp, Buffer.alloc(30 * 1024 * 1024)]),
    ],
    [
      "an MP4 without a moov box",
      Buffer.concat([ftyp, be32(8 + 64), Buffer.from("mdat"), Buffer.alloc(64)]),
    ],
    ["an MP4 with bytes after its last box", Buffer.concat([mp4Bytes(), html])],
    ["an MP4 whose last box is cut short", mp4Bytes().subarray(0, mp4Bytes().length - 1)],
    [
      "an MP4 with an unknown top-level box",
      Buffer.concat([mp4Bytes(), be32(8), Buffer.from("html")]),
    ],
    ["a WebM header followed by zeros", Buffer.concat([ebmlHeader("webm"), Buffer.alloc(4096)])],
    [
      "a Matroska file that is not WebM",
      Buffer.concat([ebmlHeader("matroska"), segmentOf(webmBytes())]),
    ],
    ["a WebM header followed by HTML", Buffer.concat([ebmlHeader("webm"), html])],
    ["a WebM cut short", webmBytes().subarray(0, webmBytes().length - 10)],
    ["a WebM with bytes after its Segment", Buffer.concat([webmBytes(), html])],
  ])("refuses %s", async (_label, data) => {
    await expectRefused([thumbnailPart(), videoPart(data, "demo.mp4")], StoreTexts.notAVideo);
  });

  it("accepts well-formed MP4 and WebM videos", async () => {
    for (const [data, extension] of [
      [mp4Bytes(), "mp4"],
      [mp4Bytes(1024, { moovLast: true, largeMdat: true }), "mp4"],
      [webmBytes(), "webm"],
      [webmBytes(512, { unknownSizes: true }), "webm"],
    ] as const) {
      const res = await postModule(app, author.cookie, moduleFields(), [
        thumbnailPart(),
        videoPart(data),
      ]);
      expect(res.statusCode).toBe(201);
      expect(res.json().module.videoUrl).toMatch(new RegExp(`\\.${extension}$`));
    }
  });
});

describe("the form itself", () => {
  it("refuses a file under an unknown field at once, in our error shape", async () => {
    await expectRefused(
      [{ name: "other", filename: "x.bin", data: Buffer.alloc(1024 * 1024) }, thumbnailPart()],
      MultipartTexts.unexpectedFile("other", ["thumbnail", "video"]),
    );
  });

  it("refuses a file without a name that carries bytes", async () => {
    await expectRefused(
      [{ name: "thumbnail", filename: "", data: pngBytes(8, 8) }],
      MultipartTexts.unnamedFile,
    );
  });

  it("answers the parser's own limits (413) with our code and a clear message", async () => {
    const before = storedFileKeys(app);
    const tooManyFiles = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(),
      videoPart(),
      { name: "video", filename: "again.mp4", data: mp4Bytes() },
    ]);
    expect(tooManyFiles.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: MultipartTexts.tooManyParts,
    });
    expect(tooManyFiles.statusCode).toBe(413);
    const extraFields = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [`extra${i}`, "x"]),
    );
    const tooManyFields = await postModule(app, author.cookie, moduleFields(extraFields));
    expect(tooManyFields.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: MultipartTexts.tooManyParts,
    });
    expect(tooManyFields.statusCode).toBe(413);
    expect(storedFileKeys(app)).toEqual(before);
  });
});
