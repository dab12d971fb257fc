import { encode } from "uqr";

/** One horizontal run of dark modules. */
export type QrRun = { x: number; y: number; width: number };

/**
 * The QR code of `text` as runs of dark modules (one SVG rect per run rather than per module),
 * with a 4-module quiet zone as the standard asks. Error correction M: still readable with a
 * smudge or glare on the screen.
 */
export function qrRuns(text: string): { size: number; runs: QrRun[] } {
  const { data, size } = encode(text, { ecc: "M", border: 4 });
  const runs: QrRun[] = [];
  data.forEach((row, y) => {
    let start = -1;
    for (let x = 0; x <= size; x++) {
      const dark = x < size && row[x] === true;
      if (dark && start < 0) start = x;
      if (!dark && start >= 0) {
        runs.push({ x: start, y, width: x - start });
        start = -1;
      }
    }
  });
  return { size, runs };
}
