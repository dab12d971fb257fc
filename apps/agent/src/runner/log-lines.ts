// ANSI escape sequences (colours, cursor moves) and every other control character: the server
// keeps log lines as single-line text.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b[@-Z\\-_]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what it removes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const MAX_LINE = 2000;

/** A tool's output as log lines the server takes: one line each, no control characters. */
export function toLogLines(text: string): string[] {
  return text
    .replace(ANSI, "")
    .split(/\r\n|\r|\n/)
    .map((line) =>
      line
        .replace(/\t/g, "    ")
        .replace(CONTROL, "")
        .replace(/[\ud800-\udfff]/g, "\ufffd"),
    )
    .filter((line) => line.trim().length > 0)
    .flatMap((line) => {
      const parts: string[] = [];
      for (let i = 0; i < line.length; i += MAX_LINE) parts.push(line.slice(i, i + MAX_LINE));
      return parts;
    });
}
