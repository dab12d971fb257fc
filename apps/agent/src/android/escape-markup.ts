/**
 * Text for XML or HTML, in an element or a quoted attribute: the five special characters as
 * entities, and the characters XML 1.0 cannot hold (most control characters, lone surrogates)
 * dropped, since aapt refuses a file that has them.
 */
export function escapeMarkup(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}
