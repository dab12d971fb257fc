import { renderUnicodeCompact } from "uqr";

/**
 * A QR code for the terminal: two modules per character with half blocks, light modules drawn
 * (terminals are dark), a quiet zone of two modules. What `hybridge dev` prints.
 */
export function terminalQr(text: string): string {
  return renderUnicodeCompact(text, { border: 2 });
}

/**
 * The modules a terminal QR code draws, read back from its characters (true = dark), for the
 * tests that decode what the command printed. Lines without half blocks are skipped.
 */
export function readTerminalQr(printed: string): boolean[][] {
  const light: Record<string, [boolean, boolean]> = {
    "█": [true, true],
    "▀": [true, false],
    "▄": [false, true],
    " ": [false, false],
  };
  const rows: boolean[][] = [];
  for (const line of printed.split("\n")) {
    if (!/^[█▀▄ ]+$/.test(line) || !/[█▀▄]/.test(line)) continue;
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    for (const char of line) {
      const [upper, lower] = light[char] ?? [false, false];
      top.push(!upper);
      bottom.push(!lower);
    }
    rows.push(top, bottom);
  }
  return rows;
}
