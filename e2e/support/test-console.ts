import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "playwright-core";
import { baseUrl } from "./env";

export type ConsoleProject = { id: string; name: string; keyApp: string };

/**
 * Creates an app project for the context's signed-in user through `POST /api/projects`
 * (multipart, text fields only).
 */
export async function createConsoleProject(
  context: BrowserContext,
  options: { name?: string; keyApp?: string; base?: string } = {},
): Promise<ConsoleProject> {
  const base = options.base ?? baseUrl();
  const suffix = randomBytes(5).toString("hex");
  const fields = {
    name: options.name ?? `App ${suffix}`,
    keyApp: options.keyApp ?? `tc-${suffix}`,
    description: "An app to preview on a phone",
    segment: "other",
    navBarType: "footer",
    color: "#0E904D",
    statusbar: "#FFFFFF",
  };
  const response = await context.request.post(`${base}/api/projects`, {
    headers: { origin: base },
    multipart: fields,
  });
  if (response.status() !== 201) {
    throw new Error(`project creation failed: ${response.status()} ${await response.text()}`);
  }
  const { project } = (await response.json()) as { project: ConsoleProject };
  return { id: project.id, name: project.name, keyApp: project.keyApp };
}

/** The project's database key, shown once by its settings (the first read reveals it). */
export async function revealDatabaseKey(
  context: BrowserContext,
  projectId: string,
  base = baseUrl(),
) {
  const response = await context.request.get(
    `${base}/api/projects/${encodeURIComponent(projectId)}/settings`,
  );
  if (!response.ok()) throw new Error(`settings: ${response.status()} ${await response.text()}`);
  const { settings } = (await response.json()) as { settings: { databaseKey: string | null } };
  if (!settings.databaseKey) throw new Error("the database key was already revealed");
  return settings.databaseKey;
}

/** The dark/light modules drawn by the console's QR code (its SVG rects), quiet zone included. */
export async function readQrMatrix(page: Page, label: string): Promise<boolean[][]> {
  const svg = page.getByRole("img", { name: label, exact: true });
  return svg.evaluate((element) => {
    const size = Number(element.getAttribute("viewBox")?.split(" ")[2]);
    const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
    for (const rect of Array.from(element.querySelectorAll("rect"))) {
      if (rect.getAttribute("fill") !== "#000000") continue;
      const x = Number(rect.getAttribute("x"));
      const y = Number(rect.getAttribute("y"));
      const width = Number(rect.getAttribute("width"));
      const height = Number(rect.getAttribute("height"));
      for (let dy = 0; dy < height; dy++) {
        for (let dx = 0; dx < width; dx++) {
          const row = grid[y + dy];
          if (row) row[x + dx] = true;
        }
      }
    }
    return grid;
  });
}

/* ---------------------------------------------------------------------------------------------
 * A QR code reader for a perfect module matrix (no image processing, no error correction): it
 * reads what a phone would read from the console's QR code, to check it against the settings.
 * Tables and layout rules from ISO/IEC 18004 (as in Nayuki's QR Code generator, which uqr uses).
 * ------------------------------------------------------------------------------------------- */

// Indexed [error correction level: L, M, Q, H][version].
const ECC_CODEWORDS_PER_BLOCK = [
  [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
    30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  [
    -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30,
    30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  [
    -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
];
const NUM_ERROR_CORRECTION_BLOCKS = [
  [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
    15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
    25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
  [
    -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34,
    34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  [
    -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35,
    37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
];
/** The 2 level bits of the format information → the tables' row (L, M, Q, H). */
const LEVEL_BY_FORMAT_BITS = [1, 0, 3, 2];

const MASKS: Array<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

function alignmentPositions(version: number, size: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let pos = size - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
  return result;
}

function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const count = Math.floor(version / 7) + 2;
    result -= (25 * count - 10) * count - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

/** Which modules are function patterns (finders, timing, alignment, format, version). */
function functionModules(version: number, size: number): boolean[][] {
  const marked = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  const mark = (x: number, y: number) => {
    const row = marked[y];
    if (row && x >= 0 && x < size) row[x] = true;
  };
  for (let i = 0; i < size; i++) {
    mark(6, i);
    mark(i, 6);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) mark(cx + dx, cy + dy);
  }
  const positions = alignmentPositions(version, size);
  const last = positions.length - 1;
  positions.forEach((ay, i) => {
    positions.forEach((ax, j) => {
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) mark(ax + dx, ay + dy);
    });
  });
  for (let i = 0; i <= 8; i++) {
    mark(8, i);
    mark(i, 8);
  }
  for (let i = 0; i < 8; i++) mark(size - 1 - i, 8);
  for (let i = 0; i < 8; i++) mark(8, size - 1 - i);
  if (version >= 7) {
    for (let i = 0; i < 18; i++) {
      mark(size - 11 + (i % 3), Math.floor(i / 3));
      mark(Math.floor(i / 3), size - 11 + (i % 3));
    }
  }
  return marked;
}

/** The text of a QR code given as its module matrix (a quiet zone around it is allowed). */
export function decodeQrMatrix(withQuietZone: boolean[][]): string {
  // Crop to the symbol: the finder patterns reach three of its corners.
  let top = Number.POSITIVE_INFINITY;
  let left = Number.POSITIVE_INFINITY;
  let bottom = -1;
  let right = -1;
  withQuietZone.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (!dark) return;
      top = Math.min(top, y);
      left = Math.min(left, x);
      bottom = Math.max(bottom, y);
      right = Math.max(right, x);
    });
  });
  const size = right - left + 1;
  if (bottom - top + 1 !== size || (size - 17) % 4 !== 0) throw new Error("not a QR code");
  const version = (size - 17) / 4;
  const dark = (x: number, y: number) => withQuietZone[top + y]?.[left + x] === true;

  // Format information (first copy): level and mask.
  let format = 0;
  for (let i = 0; i <= 5; i++) format |= Number(dark(8, i)) << i;
  format |= Number(dark(8, 7)) << 6;
  format |= Number(dark(8, 8)) << 7;
  format |= Number(dark(7, 8)) << 8;
  for (let i = 9; i < 15; i++) format |= Number(dark(14 - i, 8)) << i;
  const data = (format ^ 0x5412) >>> 10;
  const level = LEVEL_BY_FORMAT_BITS[data >>> 3] as number;
  const mask = MASKS[data & 7] as (x: number, y: number) => boolean;

  // The codeword bits, in the zigzag order they were placed, unmasked.
  const isFunction = functionModules(version, size);
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const codewords: number[] = new Array(rawCodewords).fill(0);
  let bit = 0;
  for (let column = size - 1; column >= 1; column -= 2) {
    if (column === 6) column = 5;
    for (let vert = 0; vert < size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = column - j;
        const upward = ((column + 1) & 2) === 0;
        const y = upward ? size - 1 - vert : vert;
        if (isFunction[y]?.[x] || bit >= rawCodewords * 8) continue;
        if (dark(x, y) !== mask(x, y)) {
          codewords[bit >>> 3] = (codewords[bit >>> 3] as number) | (1 << (7 - (bit & 7)));
        }
        bit++;
      }
    }
  }

  // De-interleave the blocks and keep their data codewords.
  const numBlocks = NUM_ERROR_CORRECTION_BLOCKS[level]?.[version] as number;
  const blockEccLen = ECC_CODEWORDS_PER_BLOCK[level]?.[version] as number;
  const numShortBlocks = numBlocks - (rawCodewords % numBlocks);
  const shortBlockLen = Math.floor(rawCodewords / numBlocks);
  const blocks = Array.from({ length: numBlocks }, () => new Array<number>(shortBlockLen + 1));
  let k = 0;
  for (let i = 0; i <= shortBlockLen; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLen - blockEccLen || j >= numShortBlocks)
        block[i] = codewords[k++] as number;
    });
  }
  const dataBytes = blocks.flatMap((block, j) =>
    block.slice(0, shortBlockLen - blockEccLen + (j < numShortBlocks ? 0 : 1)),
  );

  // The segments.
  let position = 0;
  const read = (count: number) => {
    let value = 0;
    for (let i = 0; i < count; i++, position++) {
      const byte = dataBytes[position >>> 3] ?? 0;
      value = (value << 1) | ((byte >>> (7 - (position & 7))) & 1);
    }
    return value;
  };
  const sizeClass = version < 10 ? 0 : version < 27 ? 1 : 2;
  const alphanumeric = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
  const bytes: number[] = [];
  let text = "";
  const flushBytes = () => {
    text += Buffer.from(bytes.splice(0)).toString("utf8");
  };
  while (position + 4 <= dataBytes.length * 8) {
    const mode = read(4);
    if (mode === 0) break;
    if (mode === 4) {
      const count = read([8, 16, 16][sizeClass] as number);
      for (let i = 0; i < count; i++) bytes.push(read(8));
    } else if (mode === 1) {
      flushBytes();
      let count = read([10, 12, 14][sizeClass] as number);
      for (; count >= 3; count -= 3) text += String(read(10)).padStart(3, "0");
      if (count === 2) text += String(read(7)).padStart(2, "0");
      if (count === 1) text += String(read(4));
    } else if (mode === 2) {
      flushBytes();
      let count = read([9, 11, 13][sizeClass] as number);
      for (; count >= 2; count -= 2) {
        const pair = read(11);
        text += alphanumeric[Math.floor(pair / 45)] + (alphanumeric[pair % 45] as string);
      }
      if (count === 1) text += alphanumeric[read(6)];
    } else {
      throw new Error(`unsupported QR segment mode ${mode}`);
    }
  }
  flushBytes();
  return text;
}
