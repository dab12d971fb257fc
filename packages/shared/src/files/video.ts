import { ascii, END, FAIL, isFourCc, REST, read, type Step, skip, u32be } from "./byte-walker";
import {
  dispatchInspector,
  type FormatInspector,
  inspectBytes,
  walkerInspector,
} from "./inspector";

/**
 * Tells an MP4 or WebM video by content (never by name) and checks its structure as it streams:
 *
 * - MP4 (ISO base media): a first box of type `ftyp` whose major brand is not one of the
 *   still-image formats built on the same container (HEIF/HEIC, AVIF), then top-level boxes of
 *   the usual types whose sizes (32-bit, 64-bit, or "to the end" for a final `mdat`) chain
 *   exactly to the end of the file, with a `moov` box holding an `mvhd` and at least one `trak`.
 * - WebM (Matroska): an EBML header whose DocType is "webm", then a Segment element (its size
 *   known, or unknown as live recorders write it) whose children chain to the end of the file
 *   and include the Info, Tracks and at least one Cluster. Clusters of unknown size end where
 *   the next Segment-level element starts.
 *
 * Only the containers are walked; the audio and video data are not decoded.
 */

export type VideoType = "mp4" | "webm";
export type VideoInfo = { type: VideoType };

/** Box size (4) + `ftyp` (4) + major brand (4). */
const VIDEO_HEADER_BYTES = 12;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const IMAGE_BRANDS = new Set([
  "heic",
  "heix",
  "heim",
  "heis",
  "hevc",
  "hevx",
  "mif1",
  "msf1",
  "avif",
  "avis",
]);

/** The type the first bytes announce (the full check is createVideoInspector's). */
export function readVideoType(bytes: Uint8Array): VideoType | null {
  if (bytes.length >= 4 && EBML_MAGIC.every((b, i) => bytes[i] === b)) return "webm";
  if (bytes.length < VIDEO_HEADER_BYTES || ascii(bytes, 4, 8) !== "ftyp") return null;
  const boxSize = u32be(bytes, 0);
  // A size of 1 means a 64-bit size follows; anything else must hold at least the brand.
  if (boxSize !== 1 && boxSize < 16) return null;
  return IMAGE_BRANDS.has(ascii(bytes, 8, 12).toLowerCase()) ? null : "mp4";
}

// ---------------------------------------------------------------------------------------------
// MP4

/** Top-level boxes found in MP4 files (ISO/IEC 14496-12 and -14, QuickTime's `wide`). */
const MP4_TOP_LEVEL = new Set([
  "ftyp",
  "styp",
  "moov",
  "moof",
  "mfra",
  "mdat",
  "free",
  "skip",
  "wide",
  "uuid",
  "udta",
  "meta",
  "pdin",
  "sidx",
  "ssix",
  "prft",
  "emsg",
]);
type Box = { type: string; size: number | "to-end"; header: number };

/** A box header (8 bytes, or 16 with a 64-bit size); `then` gets the box's type and size. */
function boxHeader(then: (box: Box) => Step, endOk?: () => boolean): Step {
  return read(
    8,
    (h) => {
      if (!isFourCc(h, 4)) return FAIL;
      const type = ascii(h, 4, 8);
      const size = u32be(h, 0);
      if (size === 0) return then({ type, size: "to-end", header: 8 });
      if (size === 1) {
        return read(8, (large) => {
          const value = u32be(large, 0) * 2 ** 32 + u32be(large, 4);
          return value < 16 || !Number.isSafeInteger(value)
            ? FAIL
            : then({ type, size: value, header: 16 });
        });
      }
      return size < 8 ? FAIL : then({ type, size, header: 8 });
    },
    endOk,
  );
}

function createMp4Inspector(): FormatInspector<VideoInfo> {
  let sawMoov = false;

  const topLevel = (): Step =>
    boxHeader(
      (box) => {
        if (!MP4_TOP_LEVEL.has(box.type) || box.type === "ftyp") return FAIL;
        if (box.size === "to-end") return box.type === "mdat" && sawMoov ? REST : FAIL;
        const body = box.size - box.header;
        if (box.type === "moov") {
          if (sawMoov) return FAIL;
          sawMoov = true;
          return moovChildren(body, { mvhd: false, trak: false });
        }
        return skip(body, topLevel);
      },
      () => sawMoov,
    );

  /** The movie box's children must fill it exactly and include mvhd and a trak. */
  const moovChildren = (remaining: number, seen: { mvhd: boolean; trak: boolean }): Step => {
    if (remaining === 0) return seen.mvhd && seen.trak ? topLevel() : FAIL;
    return boxHeader((box) => {
      if (box.size === "to-end" || box.size > remaining) return FAIL;
      if (box.type === "mvhd") seen.mvhd = true;
      if (box.type === "trak") seen.trak = true;
      return skip(box.size - box.header, () =>
        moovChildren(remaining - (box.size as number), seen),
      );
    });
  };

  const start = boxHeader((box) => {
    if (box.type !== "ftyp" || box.size === "to-end" || box.size - box.header < 8) return FAIL;
    return read(4, (brand) =>
      IMAGE_BRANDS.has(ascii(brand, 0, 4).toLowerCase())
        ? FAIL
        : skip((box.size as number) - box.header - 4, topLevel),
    );
  });
  return walkerInspector(start, () => ({ type: "mp4" }));
}

// ---------------------------------------------------------------------------------------------
// WebM

const ID = {
  ebml: 0x1a45dfa3,
  docType: 0x4282,
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  tracks: 0x1654ae6b,
  cluster: 0x1f43b675,
  cues: 0x1c53bb6b,
  chapters: 0x1043a770,
  tags: 0x1254c367,
  attachments: 0x1941a469,
} as const;
/** The elements that can follow a Cluster of unknown size inside the Segment (ending it). */
const SEGMENT_LEVEL = new Set<number>([
  ID.seekHead,
  ID.info,
  ID.tracks,
  ID.cluster,
  ID.cues,
  ID.chapters,
  ID.tags,
  ID.attachments,
]);

/** An EBML variable-length integer's byte count, from its first byte (0 when invalid). */
const vintLength = (first: number) => (first === 0 ? 0 : Math.clz32(first) - 23);

/** An element ID (1–4 bytes, marker bit kept); `then` gets the ID and its length. */
function elementId(then: (id: number, length: number) => Step, endOk?: () => boolean): Step {
  return read(
    1,
    ([first]) => {
      const length = vintLength(first as number);
      if (length < 1 || length > 4) return FAIL;
      if (length === 1) return then(first as number, 1);
      return read(length - 1, (rest) => {
        let id = first as number;
        for (const b of rest) id = id * 256 + b;
        return then(id, length);
      });
    },
    endOk,
  );
}

/** An element's data size (1–8 bytes); null is "unknown" (all value bits set). */
function elementSize(then: (size: number | null, length: number) => Step): Step {
  return read(1, ([first]) => {
    const length = vintLength(first as number);
    if (length < 1 || length > 8) return FAIL;
    const head = (first as number) & (0xff >> length);
    const finish = (rest: Uint8Array) => {
      let value = head;
      let allOnes = head === 0xff >> length;
      for (const b of rest) {
        value = value * 256 + b;
        allOnes &&= b === 0xff;
      }
      if (allOnes) return then(null, length);
      return Number.isSafeInteger(value) ? then(value, length) : FAIL;
    };
    return length === 1 ? finish(new Uint8Array()) : read(length - 1, finish);
  });
}

function createWebmInspector(): FormatInspector<VideoInfo> {
  const seen = { info: false, tracks: false, cluster: false };
  const complete = () => seen.info && seen.tracks && seen.cluster;
  /** Bytes left in the Segment; null while its size is unknown (it runs to the end). */
  let segmentLeft: number | null = null;

  const consume = (n: number) => {
    if (segmentLeft !== null) segmentLeft -= n;
    return segmentLeft === null || segmentLeft >= 0;
  };
  const atSegmentEnd = () => segmentLeft === null && complete();

  /** The next child of the Segment, or its end. */
  const segmentChild = (): Step => {
    if (segmentLeft === 0) return complete() ? END : FAIL;
    return elementId((id, idLength) => childOfSegment(id, idLength), atSegmentEnd);
  };

  const childOfSegment = (id: number, idLength: number): Step =>
    elementSize((size, sizeLength) => {
      if (!consume(idLength + sizeLength)) return FAIL;
      if (id === ID.info) seen.info = true;
      if (id === ID.tracks) seen.tracks = true;
      if (id === ID.cluster) seen.cluster = true;
      if (size === null) return id === ID.cluster ? clusterChild() : FAIL;
      if (!consume(size)) return FAIL;
      return skip(size, segmentChild);
    });

  /** Inside a Cluster of unknown size: its children, until a Segment-level element. */
  const clusterChild = (): Step => {
    if (segmentLeft === 0) return complete() ? END : FAIL;
    return elementId((id, idLength) => {
      if (SEGMENT_LEVEL.has(id)) return childOfSegment(id, idLength);
      return elementSize((size, sizeLength) => {
        if (size === null || !consume(idLength + sizeLength + size)) return FAIL;
        return skip(size, clusterChild);
      });
    }, atSegmentEnd);
  };

  /** The EBML header's children fill it exactly; its DocType must be "webm". */
  const headerChildren = (remaining: number, docType: string | null): Step => {
    if (remaining === 0) return docType === "webm" ? segment() : FAIL;
    return elementId((id, idLength) =>
      elementSize((size, sizeLength) => {
        if (size === null) return FAIL;
        const left = remaining - idLength - sizeLength - size;
        if (left < 0) return FAIL;
        if (id !== ID.docType) return skip(size, () => headerChildren(left, docType));
        if (size === 0 || size > 32) return FAIL;
        return read(size, (value) =>
          headerChildren(left, ascii(value, 0, value.length).replace(/\0+$/, "")),
        );
      }),
    );
  };

  const segment = (): Step =>
    elementId((id) =>
      id !== ID.segment
        ? FAIL
        : elementSize((size) => {
            segmentLeft = size;
            return segmentChild();
          }),
    );

  const start = elementId((id) =>
    id !== ID.ebml
      ? FAIL
      : elementSize((size) => (size === null || size > 4096 ? FAIL : headerChildren(size, null))),
  );
  return walkerInspector(start, () => ({ type: "webm" }));
}

/** An MP4 or a WebM, told apart by its first bytes. */
export function createVideoInspector(): FormatInspector<VideoInfo> {
  return dispatchInspector(VIDEO_HEADER_BYTES, (head) => {
    const type = readVideoType(head);
    return type === "mp4" ? createMp4Inspector() : type === "webm" ? createWebmInspector() : null;
  });
}

/** The type of a whole MP4 or WebM held in memory, or null when it is not a well-formed one. */
export function readVideoInfo(bytes: Uint8Array): VideoInfo | null {
  return inspectBytes(createVideoInspector(), bytes);
}
