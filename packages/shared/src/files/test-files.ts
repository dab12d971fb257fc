/** PNG's chunk checksum (CRC-32), bit by bit: these files are made in tests only, where speed does not matter (shared code has no node:zlib). */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * Real media files made in code, for tests only (unit, API and browser tests; never imported by
 * the app): tiny encoders for one-colour PNG, JPEG and WebP images that browsers decode, and
 * minimal, well-formed MP4 and WebM containers. No file needs to live in the repository.
 */

type Rgb = [number, number, number];
const BRAND_GREEN: Rgb = [14, 144, 77];

const concat = (parts: (Uint8Array | number[])[]) => {
  const arrays = parts.map((p) => (p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
};
const text = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
const be16 = (n: number) => [(n >>> 8) & 255, n & 255];
const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

// ---------------------------------------------------------------------------------------------
// PNG: truecolour, zlib "stored" (uncompressed) blocks, so no deflate implementation is needed.

function pngChunk(type: string, data: Uint8Array) {
  const body = concat([text(type), data]);
  return concat([be32(data.length), body, be32(crc32(body))]);
}

function zlibStored(raw: Uint8Array) {
  const parts: (Uint8Array | number[])[] = [[0x78, 0x01]];
  for (let at = 0; at < raw.length || at === 0; at += 65535) {
    const block = raw.subarray(at, at + 65535);
    const final = at + 65535 >= raw.length ? 1 : 0;
    parts.push([final, block.length & 255, block.length >>> 8]);
    parts.push([~block.length & 255, (~block.length >>> 8) & 255]);
    parts.push(block);
  }
  let a = 1;
  let b = 0;
  for (const byte of raw) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  parts.push(be32(((b << 16) | a) >>> 0));
  return concat(parts);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const pngIhdr = (width: number, height: number, depth: number, colorType: number) =>
  pngChunk("IHDR", Uint8Array.from([...be32(width), ...be32(height), depth, colorType, 0, 0, 0]));

/** A PNG whose every row is `row` (its filter byte first). */
function pngOfRows(
  width: number,
  height: number,
  depth: number,
  colorType: number,
  row: Uint8Array,
) {
  const raw = new Uint8Array(row.length * height);
  for (let y = 0; y < height; y++) raw.set(row, y * row.length);
  return concat([
    PNG_SIGNATURE,
    pngIhdr(width, height, depth, colorType),
    pngChunk("IDAT", zlibStored(raw)),
    pngChunk("IEND", new Uint8Array()),
  ]);
}

export function pngFile(width: number, height: number, rgb: Rgb = BRAND_GREEN): Uint8Array {
  const row = new Uint8Array(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  return pngOfRows(width, height, 8, 2, row);
}

/** A black one-bit greyscale PNG: large sizes (4096×4096) stay small files (2 MB). */
export function pngBitmapFile(width: number, height: number): Uint8Array {
  return pngOfRows(width, height, 1, 0, new Uint8Array(1 + Math.ceil(width / 8)));
}

// ---------------------------------------------------------------------------------------------
// JPEG: baseline, 4:4:4 YCbCr. A one-colour block has only a DC coefficient, so every block is
// "DC difference, then end-of-block", with the standard DC table and a one-code AC table.

const DC_COUNTS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];

/** Canonical Huffman codes (JPEG Annex C) from the counts per length. */
function huffmanCodes(counts: number[]) {
  const codes: { code: number; length: number }[] = [];
  let code = 0;
  counts.forEach((count, i) => {
    for (let k = 0; k < count; k++) codes.push({ code: code++, length: i + 1 });
    code <<= 1;
  });
  return codes;
}

export function jpegFile(width: number, height: number, rgb: Rgb = BRAND_GREEN): Uint8Array {
  const [r, g, b] = rgb;
  const ycc = [
    0.299 * r + 0.587 * g + 0.114 * b,
    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
  ];
  // With every quantiser at 8, a flat block's quantised DC is its level-shifted value.
  const dc = ycc.map((c) => Math.max(-127, Math.min(127, Math.round(c) - 128)));
  const dcCodes = huffmanCodes(DC_COUNTS);

  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) {
      acc = (acc << 1) | ((value >>> i) & 1);
      bits++;
      if (bits === 8) {
        out.push(acc);
        if (acc === 0xff) out.push(0x00);
        acc = 0;
        bits = 0;
      }
    }
  };
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  for (let mcu = 0; mcu < blocks; mcu++) {
    for (const value of dc) {
      const diff = mcu === 0 ? value : 0;
      const magnitude = Math.abs(diff);
      const category = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
      const code = dcCodes[category] as { code: number; length: number };
      put(code.code, code.length);
      if (category > 0) put(diff > 0 ? diff : diff + (1 << category) - 1, category);
      put(0, 1); // end of block
    }
  }
  if (bits > 0) put((1 << (8 - bits)) - 1, 8 - bits);

  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    ...be16(body.length + 2),
    ...body,
  ];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...segment(0xe0, [...text("JFIF"), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...segment(0xdb, [0x00, ...new Array(64).fill(8)]),
    ...segment(0xc0, [8, ...be16(height), ...be16(width), 3, 1, 0x11, 0, 2, 0x11, 0, 3, 0x11, 0]),
    ...segment(0xc4, [0x00, ...DC_COUNTS, ...Array.from({ length: 12 }, (_, i) => i)]),
    ...segment(0xc4, [0x10, 1, ...new Array(15).fill(0), 0x00]),
    ...segment(0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]),
    ...out,
    0xff,
    0xd9,
  ]);
}

// ---------------------------------------------------------------------------------------------
// WebP: lossless (VP8L). With one-symbol prefix codes every pixel costs zero bits, so a
// one-colour image is a header and 51 bits, whatever its size.

export function webpFile(
  width: number,
  height: number,
  rgba: [number, number, number, number] = [...BRAND_GREEN, 255],
): Uint8Array {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  const put = (value: number, length: number) => {
    for (let i = 0; i < length; i++) {
      acc |= ((value >>> i) & 1) << bits;
      bits++;
      if (bits === 8) {
        bytes.push(acc);
        acc = 0;
        bits = 0;
      }
    }
  };
  put(0x2f, 8);
  put(width - 1, 14);
  put(height - 1, 14);
  put(rgba[3] === 255 ? 0 : 1, 1); // alpha is used
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  // Green, red, blue, alpha: a simple code with one 8-bit symbol each; distance: symbol 0.
  for (const value of [rgba[1], rgba[0], rgba[2], rgba[3]]) {
    put(1, 1);
    put(0, 1);
    put(1, 1);
    put(value, 8);
  }
  put(1, 1);
  put(0, 1);
  put(0, 1);
  put(0, 1);
  if (bits > 0) bytes.push(acc);

  const chunk = concat([text("VP8L"), le32(bytes.length), bytes, bytes.length % 2 ? [0] : []]);
  return concat([text("RIFF"), le32(4 + chunk.length), text("WEBP"), chunk]);
}

// ---------------------------------------------------------------------------------------------
// MP4: ftyp, moov (mvhd + trak with tkhd), mdat. Well-formed boxes; the media is not playable.

function box(type: string, ...body: (Uint8Array | number[])[]) {
  const payload = concat(body);
  return concat([be32(8 + payload.length), text(type), payload]);
}

export function mp4File(
  options: { mdatBytes?: number; moovLast?: boolean; largeMdat?: boolean } = {},
): Uint8Array {
  const { mdatBytes = 256, moovLast = false, largeMdat = false } = options;
  const matrix = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].flatMap(be32);
  const mvhd = box(
    "mvhd",
    [0, 0, 0, 0, ...be32(0), ...be32(0), ...be32(1000), ...be32(1000), ...be32(0x10000)],
    [...be16(0x100), 0, 0, ...new Array(8).fill(0), ...matrix, ...new Array(24).fill(0)],
    be32(2),
  );
  const tkhd = box(
    "tkhd",
    [0, 0, 0, 3, ...be32(0), ...be32(0), ...be32(1), ...be32(0), ...be32(1000)],
    [
      ...new Array(8).fill(0),
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      ...matrix,
      ...be32(16 << 16),
      ...be32(16 << 16),
    ],
  );
  const moov = box("moov", mvhd, box("trak", tkhd));
  const ftyp = box("ftyp", text("isom"), be32(0x200), text("isomiso2mp41"));
  const payload = new Uint8Array(mdatBytes);
  const mdat = largeMdat
    ? concat([be32(1), text("mdat"), be32(0), be32(16 + mdatBytes), payload])
    : box("mdat", payload);
  return moovLast ? concat([ftyp, mdat, moov]) : concat([ftyp, moov, mdat]);
}

// ---------------------------------------------------------------------------------------------
// WebM: EBML header (DocType webm), Segment with Info, Tracks (one VP8 track) and a Cluster
// holding one SimpleBlock. `unknownSizes` writes the Segment and Cluster sizes as unknown, as a
// live recorder (MediaRecorder) does.

const UNKNOWN_SIZE = [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff];

function ebmlSize(n: number) {
  if (n < 0x7f) return [0x80 | n];
  if (n < 0x3fff) return [0x40 | (n >>> 8), n & 255];
  return [0x01, 0, 0, (n / 2 ** 32) & 255, ...be32(n >>> 0)];
}
const element = (id: number[], ...body: (Uint8Array | number[])[]) => {
  const payload = concat(body);
  return concat([id, ebmlSize(payload.length), payload]);
};
const unsized = (id: number[], ...body: (Uint8Array | number[])[]) =>
  concat([id, UNKNOWN_SIZE, ...body]);

export function webmFile(options: { frameBytes?: number; unknownSizes?: boolean } = {}) {
  const { frameBytes = 256, unknownSizes = false } = options;
  const header = element(
    [0x1a, 0x45, 0xdf, 0xa3],
    element([0x42, 0x86], [1]),
    element([0x42, 0xf7], [1]),
    element([0x42, 0xf2], [4]),
    element([0x42, 0xf3], [8]),
    element([0x42, 0x82], text("webm")),
    element([0x42, 0x87], [4]),
    element([0x42, 0x85], [2]),
  );
  const info = element(
    [0x15, 0x49, 0xa9, 0x66],
    element([0x2a, 0xd7, 0xb1], [0x0f, 0x42, 0x40]),
    element([0x4d, 0x80], text("hybridge-tests")),
    element([0x57, 0x41], text("hybridge-tests")),
  );
  const tracks = element(
    [0x16, 0x54, 0xae, 0x6b],
    element(
      [0xae],
      element([0xd7], [1]),
      element([0x73, 0xc5], [1]),
      element([0x83], [1]),
      element([0x86], text("V_VP8")),
      element([0xe0], element([0xb0], [16]), element([0xba], [16])),
    ),
  );
  const clusterBody = [
    element([0xe7], [0]),
    element([0xa3], [0x81, 0, 0, 0x80], new Uint8Array(frameBytes)),
  ];
  const clusterId = [0x1f, 0x43, 0xb6, 0x75];
  const segmentId = [0x18, 0x53, 0x80, 0x67];
  if (unknownSizes) {
    return concat([header, unsized(segmentId, info, tracks, unsized(clusterId, ...clusterBody))]);
  }
  return concat([header, element(segmentId, info, tracks, element(clusterId, ...clusterBody))]);
}

// ---------------------------------------------------------------------------------------------
// Headers only: an image's first bytes, claiming any size (20000×20000, 65500×65500) without
// the body that size would need, for checks that must stop at the header. Well-formed as far as
// they go; a check that reads on finds the file cut short.

/** A PNG's signature and IHDR (truecolour). */
export function pngHeader(width: number, height: number): Uint8Array {
  return concat([PNG_SIGNATURE, pngIhdr(width, height, 8, 2)]);
}

/** A JPEG's SOI and baseline frame header (SOF0, three components). */
export function jpegHeader(width: number, height: number): Uint8Array {
  return Uint8Array.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    ...be16(17),
    8,
    ...be16(height),
    ...be16(width),
    3,
    1,
    0x11,
    0,
    2,
    0x11,
    0,
    3,
    0x11,
    0,
  ]);
}

const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];

/**
 * A WebP's RIFF header and the header of its first chunk — lossy (VP8), lossless (VP8L) or
 * extended (VP8X) — announcing a 1 MB chunk of which only the header is there.
 */
export function webpHeader(kind: "VP8 " | "VP8L" | "VP8X", width: number, height: number) {
  const header =
    kind === "VP8 "
      ? [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a, ...be16(width).reverse(), ...be16(height).reverse()]
      : kind === "VP8L"
        ? [0x2f, ...le32(((width - 1) | ((height - 1) << 14)) >>> 0)]
        : [0x10, 0, 0, 0, ...le24(width - 1), ...le24(height - 1)];
  const chunkSize = 1024 * 1024;
  return concat([
    text("RIFF"),
    le32(4 + 8 + chunkSize),
    text("WEBP"),
    text(kind),
    le32(chunkSize),
    header,
  ]);
}
