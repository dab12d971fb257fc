import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrRuns } from "./qr-matrix";

/** The dark/light matrix drawn by the runs. */
function draw(size: number, runs: ReturnType<typeof qrRuns>["runs"]) {
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false));
  for (const { x, y, width } of runs) {
    for (let i = x; i < x + width; i++) {
      const row = grid[y];
      if (!row || i >= size || row[i]) throw new Error(`overlapping run at ${i},${y}`);
      row[i] = true;
    }
  }
  return grid;
}

describe("qrRuns", () => {
  it("draws exactly the QR code of the text, quiet zone included", () => {
    const text = JSON.stringify({
      v: 1,
      server: "http://localhost:3000",
      appKey: "my-shop",
      config: {
        navBarType: "footer",
        localhostUrl: "http://192.168.1.10:3000",
        statusBar: "#099e51",
      },
    });
    const { size, runs } = qrRuns(text);
    const expected = encode(text, { ecc: "M", border: 4 });
    expect(size).toBe(expected.size);
    expect(draw(size, runs)).toEqual(expected.data);
    // The quiet zone stays light.
    for (const run of runs) {
      expect(run.x).toBeGreaterThanOrEqual(4);
      expect(run.x + run.width).toBeLessThanOrEqual(size - 4);
      expect(run.y).toBeGreaterThanOrEqual(4);
    }
  });

  it("draws each text's own symbol", () => {
    for (const text of ["a", "b", "https://hybridge.dev/install/my-shop"]) {
      const { size, runs } = qrRuns(text);
      expect(draw(size, runs)).toEqual(encode(text, { ecc: "M", border: 4 }).data);
    }
    expect(draw(qrRuns("a").size, qrRuns("a").runs)).not.toEqual(
      draw(qrRuns("b").size, qrRuns("b").runs),
    );
  });
});
