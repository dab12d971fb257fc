/**
 * Which characters user text may hold (docs/decisions/017-input-characters.md). Text is refused,
 * never cleaned: what is stored is what was sent.
 *
 * - Never: NUL and the other C0 control characters (tab, line feed and carriage return aside),
 *   DEL, the C1 control characters, and a UTF-16 surrogate without its pair. The server refuses
 *   them in every request (JSON body, keys included, query, path, multipart fields).
 * - Multi-line text (descriptions, comments, evaluation answers) may hold tabs and line breaks,
 *   LF or CRLF, kept as sent.
 * - Single-line text (everything else: names, e-mails, app codes, colours, URLs, passwords, ids,
 *   choices, and every query and path parameter) may not: no tab, CR, LF, U+2028 or U+2029.
 */
export type TextKind = "single-line" | "multi-line";

// With the u flag a surrogate in the class matches only when it stands alone.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its job
const NEVER_ALLOWED = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]/u;
const NOT_IN_ONE_LINE = /[\t\n\r\u2028\u2029]/;

export function isAllowedText(text: string, kind: TextKind): boolean {
  return !NEVER_ALLOWED.test(text) && (kind === "multi-line" || !NOT_IN_ONE_LINE.test(text));
}

// A refused character is always one UTF-16 unit (a surrogate pair is allowed).
const escaped = (char: string) =>
  `\\u${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;

/** A field name fit to show: characters that may not be shown are escaped, a long one is cut. */
export function printableFieldName(name: string): string {
  const shown = Array.from(name)
    .map((char) => (isAllowedText(char, "single-line") ? char : escaped(char)))
    .join("");
  return shown.length > 60 ? `${shown.slice(0, 60)}…` : shown;
}
