import { ascii, END, FAIL, read, type Step, skip, u16be, u32be, until } from "./byte-walker";
import { CRC32_START, crc32Final, crc32Update } from "./crc32";
import {
  dispatchInspector,
  type FormatInspector,
  inspectBytes,
  walkerInspector,
} from "./inspector";

/**
 * Checks that bytes are a whole, well-formed PNG or JPEG and reads its pixel size, by content
 * (never by name). Streaming: the server feeds the upload's chunks as they go to storage and
 * keeps a few bytes of state, so memory stays flat whatever the file's size.
 *
 * - PNG: the signature, then every chunk to IEND — IHDR first, each chunk's CRC right, no
 *   unknown critical chunk, PLTE where the colour type needs it, one run of IDAT — and nothing
 *   after IEND.
 * - JPEG: SOI, then every marker segment (lengths chaining) to the frame header (SOFn) and the
 *   scans (SOS, entropy-coded data walked to the next marker), and the EOI marker as the very
 *   last two bytes.
 *
 * What follows the end marker is where a file is made to be two things at once (an image and
 * an HTML page, a ZIP…); no legitimate export puts anything there, so nothing is accepted
 * (docs/decisions/012-media-structure.md). The pixel data itself is not decoded.
 */

export type RasterInfo = { type: "png" | "jpeg"; width: number; height: number };
export type RasterInspector = FormatInspector<RasterInfo>;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const PNG_MAX_CHUNK = 0x7fffffff;
const PNG_CRITICAL = new Set(["IHDR", "PLTE", "IDAT", "IEND"]);
/** Colour type → the bit depths it allows. */
const PNG_DEPTHS: Record<number, number[]> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};
const isLetter = (c: number) => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);

export function createPngInspector(): RasterInspector {
  let info: RasterInfo | null = null;
  let colorType = -1;
  let sawPalette = false;
  /** 0: no IDAT yet, 1: in the run of IDAT chunks, 2: the run is over. */
  let idat = 0;

  const crcThen = (crc: number, next: () => Step): Step =>
    read(4, (stored) => (u32be(stored, 0) === crc32Final(crc) ? next() : FAIL));

  const ihdr = (crc: number): Step =>
    read(13, (data) => {
      const width = u32be(data, 0);
      const height = u32be(data, 4);
      const depth = data[8] as number;
      const color = data[9] as number;
      const interlace = data[12] as number;
      if (width === 0 || height === 0 || width > PNG_MAX_CHUNK || height > PNG_MAX_CHUNK) {
        return FAIL;
      }
      if (!PNG_DEPTHS[color]?.includes(depth)) return FAIL;
      // compression and filter method 0 are the only ones defined
      if (data[10] !== 0 || data[11] !== 0 || (interlace !== 0 && interlace !== 1)) return FAIL;
      colorType = color;
      info = { type: "png", width, height };
      return crcThen(crc32Update(crc, data), () => chunk());
    });

  const chunk = (): Step =>
    read(8, (header) => {
      const length = u32be(header, 0);
      const type = ascii(header, 4, 8);
      if (length > PNG_MAX_CHUNK) return FAIL;
      for (let i = 4; i < 8; i++) if (!isLetter(header[i] as number)) return FAIL;
      const critical = (header[4] as number) < 0x61;
      if (critical && !PNG_CRITICAL.has(type)) return FAIL;
      if (type === "IHDR") return FAIL; // only once, first
      if (idat === 1 && type !== "IDAT") idat = 2;
      if (type === "PLTE") {
        if (sawPalette || idat > 0 || colorType === 0 || colorType === 4) return FAIL;
        sawPalette = true;
      }
      if (type === "IDAT") {
        if (idat === 2 || (colorType === 3 && !sawPalette)) return FAIL;
        idat = 1;
      }
      if (type === "IEND" && (length !== 0 || idat === 0)) return FAIL;
      let crc = crc32Update(CRC32_START, header, 4, 8);
      return skip(
        length,
        () => crcThen(crc, () => (type === "IEND" ? END : chunk())),
        (bytes, start, end) => {
          crc = crc32Update(crc, bytes, start, end);
        },
      );
    });

  const start = read(8, (signature) => {
    if (!PNG_SIGNATURE.every((b, i) => signature[i] === b)) return FAIL;
    return read(8, (header) =>
      u32be(header, 0) === 13 && ascii(header, 4, 8) === "IHDR"
        ? ihdr(crc32Update(CRC32_START, header, 4, 8))
        : FAIL,
    );
  });
  return walkerInspector(start, () => info);
}

/** JPEG start-of-frame markers that carry the frame size (baseline, progressive, lossless…). */
const SOF_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);
const SOS = 0xda;
const EOI = 0xd9;
/** Markers without a length: TEM and RST0–7. */
const isStandalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);
const isRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7;

export function createJpegInspector(): RasterInspector {
  let info: RasterInfo | null = null;
  let scans = 0;

  /** After a 0xFF: fill bytes, then the marker's code. */
  const markerCode = (): Step => read(1, ([code]) => segment(code as number));
  /** Between segments: a marker must start here. */
  const marker = (): Step => read(1, ([b]) => (b === 0xff ? markerCode() : FAIL));

  const segment = (code: number): Step => {
    if (code === 0xff) return markerCode();
    if (isStandalone(code)) return marker();
    if (code === EOI) return scans > 0 ? END : FAIL;
    if (code === 0x00 || code === 0xd8) return FAIL;
    return read(2, (bytes) => {
      const length = u16be(bytes, 0);
      if (length < 2) return FAIL;
      if (SOF_MARKERS.has(code)) {
        if (info || length < 8) return FAIL;
        // precision (1), height (2), width (2), components (1)
        return read(6, (frame) => {
          const height = u16be(frame, 1);
          const width = u16be(frame, 3);
          const components = frame[5] as number;
          if (width === 0 || height === 0 || components === 0) return FAIL;
          if (length !== 8 + 3 * components) return FAIL;
          info = { type: "jpeg", width, height };
          return skip(length - 8, marker);
        });
      }
      if (code === SOS) {
        if (!info) return FAIL;
        scans++;
        return skip(length - 2, entropy);
      }
      return skip(length - 2, marker);
    });
  };

  /** Entropy-coded data: FF 00 is a stuffed byte, FF D0–D7 a restart; any other marker ends it. */
  const entropy = (): Step => until(0xff, afterFF);
  const afterFF = (): Step =>
    read(1, ([b]) => {
      if (b === 0x00 || isRestart(b as number)) return entropy();
      if (b === 0xff) return afterFF();
      return segment(b as number);
    });

  const start = read(2, (soi) => (soi[0] === 0xff && soi[1] === 0xd8 ? marker() : FAIL));
  return walkerInspector(start, () => info);
}

/** A PNG or a JPEG, told apart by the first byte. */
export function createRasterInspector(): RasterInspector {
  return dispatchInspector(1, ([first]) =>
    first === 0x89 ? createPngInspector() : first === 0xff ? createJpegInspector() : null,
  );
}

/** The type and size of a whole PNG or JPEG held in memory (e.g. a file picked in the browser). */
export function readRasterInfo(bytes: Uint8Array): RasterInfo | null {
  return inspectBytes(createRasterInspector(), bytes);
}
