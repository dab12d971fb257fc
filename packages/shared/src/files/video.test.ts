import { describe, expect, it } from "vitest";
import { mp4File, webmFile } from "./test-files";
import { createVideoInspector, readVideoInfo, readVideoType } from "./video";

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const cat = (...parts: (Uint8Array | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => Array.from(p)));
const box = (type: string, body: number[] = []) => [
  ...be32(8 + body.length),
  ...ascii(type),
  ...body,
];
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
const moov = box("moov", [
  ...box("mvhd", new Array(100).fill(0)),
  ...box("trak", box("tkhd", new Array(84).fill(0))),
]);

describe("readVideoType", () => {
  it("tells an MP4 by its ftyp box and a WebM by its EBML header", () => {
    expect(readVideoType(ftyp("isom"))).toBe("mp4");
    expect(readVideoType(ftyp("M4V "))).toBe("mp4");
    expect(
      readVideoType(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01])),
    ).toBe("webm");
  });

  it("refuses still images in the same container, bad boxes and anything else", () => {
    expect(readVideoType(ftyp("heic"))).toBeNull();
    expect(readVideoType(ftyp("avif"))).toBeNull();
    expect(readVideoType(ftyp("isom", 8))).toBeNull();
    expect(readVideoType(Uint8Array.from(ascii("just some text, not a video")))).toBeNull();
    expect(readVideoType(new Uint8Array())).toBeNull();
  });
});

describe("MP4", () => {
  it("accepts top-level boxes that chain exactly to the end, with a moov", () => {
    expect(readVideoInfo(mp4File())).toEqual({ type: "mp4" });
    expect(readVideoInfo(mp4File({ moovLast: true, largeMdat: true }))).toEqual({ type: "mp4" });
    expect(
      readVideoInfo(cat(ftyp("mp42"), box("free", [1, 2]), moov, box("udta"), box("mdat", [9]))),
    ).toEqual({ type: "mp4" });
    // A final mdat of size 0 runs to the end of the file.
    expect(
      readVideoInfo(cat(ftyp("isom"), moov, [0, 0, 0, 0], ascii("mdat"), new Array(99).fill(1))),
    ).toEqual({ type: "mp4" });
  });

  it("refuses an ftyp header followed by zeros, and no moov", () => {
    expect(readVideoInfo(cat(ftyp("isom"), new Array(100_000).fill(0)))).toBeNull();
    expect(readVideoInfo(ftyp("isom"))).toBeNull();
    expect(readVideoInfo(cat(ftyp("isom"), box("mdat", [1, 2, 3])))).toBeNull();
    expect(readVideoInfo(cat(ftyp("isom"), box("moov", box("mvhd")), box("mdat")))).toBeNull(); // no trak
    expect(readVideoInfo(cat(ftyp("isom"), [0, 0, 0, 0], ascii("mdat"), moov))).toBeNull(); // to-end before moov
  });

  it("refuses sizes that do not chain to the end, and unknown boxes", () => {
    const good = mp4File();
    expect(readVideoInfo(good.subarray(0, good.length - 1))).toBeNull();
    expect(readVideoInfo(cat(good, [0]))).toBeNull();
    expect(readVideoInfo(cat(good, ascii("<html><script>alert(1)</script>")))).toBeNull();
    expect(readVideoInfo(cat(ftyp("isom"), moov, box("html", ascii("<script>"))))).toBeNull();
    expect(readVideoInfo(cat(ftyp("isom"), moov, [0, 0, 0, 4], ascii("mdat")))).toBeNull(); // size < 8
    expect(
      readVideoInfo(
        cat(ftyp("isom"), box("moov", [...box("mvhd"), ...box("trak", [1])].slice(0, -1))),
      ),
    ).toBeNull();
    expect(readVideoInfo(cat(ftyp("heic"), moov))).toBeNull();
    expect(readVideoInfo(cat(ftyp("isom"), ftyp("isom"), moov))).toBeNull();
  });
});

describe("WebM", () => {
  it("accepts an EBML header of DocType webm followed by a Segment, sized or not", () => {
    expect(readVideoInfo(webmFile())).toEqual({ type: "webm" });
    expect(readVideoInfo(webmFile({ unknownSizes: true, frameBytes: 5000 }))).toEqual({
      type: "webm",
    });
  });

  it("refuses an EBML header followed by zeros or text, another DocType, or no Segment", () => {
    const webm = webmFile();
    const segmentAt = webm.findIndex(
      (b, i) => b === 0x18 && webm[i + 1] === 0x53 && webm[i + 2] === 0x80,
    );
    const header = webm.subarray(0, segmentAt);
    expect(readVideoInfo(cat(header, new Array(4096).fill(0)))).toBeNull();
    expect(readVideoInfo(cat(header, ascii("<html><script>alert(1)</script>")))).toBeNull();
    expect(readVideoInfo(header)).toBeNull();
    const matroska = Uint8Array.from(webm);
    matroska.set(ascii("mkvx"), webm.indexOf(0x77)); // "webm" → "mkvx"
    expect(readVideoInfo(matroska)).toBeNull();
    // A Cluster where the Segment should be.
    expect(readVideoInfo(cat(header, [0x1f, 0x43, 0xb6, 0x75, 0x80]))).toBeNull();
  });

  it("refuses a Segment that does not end with the file, or lacks its Tracks", () => {
    const webm = webmFile();
    expect(readVideoInfo(webm.subarray(0, webm.length - 1))).toBeNull();
    expect(readVideoInfo(cat(webm, [0]))).toBeNull();
    const live = webmFile({ unknownSizes: true });
    expect(readVideoInfo(cat(live, [0, 0, 0, 0]))).toBeNull();
    const tracksAt = live.findIndex(
      (b, i) => b === 0x16 && live[i + 1] === 0x54 && live[i + 2] === 0xae,
    );
    const noTracks = Uint8Array.from(live);
    noTracks.set([0x12, 0x54, 0xc3, 0x67], tracksAt); // Tracks → Tags
    expect(readVideoInfo(noTracks)).toBeNull();
  });
});

describe("createVideoInspector", () => {
  it("gives the same answer whatever the chunking", () => {
    for (const bytes of [mp4File({ largeMdat: true }), webmFile({ unknownSizes: true })]) {
      for (const size of [1, 7, 512]) {
        const inspector = createVideoInspector();
        for (let i = 0; i < bytes.length; i += size) inspector.push(bytes.subarray(i, i + size));
        expect(inspector.finish()).not.toBeNull();
      }
    }
  });

  it("fails within the first bytes of a header followed by zeros (the server stops there)", () => {
    const inspector = createVideoInspector();
    inspector.push(ftyp("isom"));
    inspector.push(new Uint8Array(64));
    expect(inspector.ok()).toBe(false);
  });
});
