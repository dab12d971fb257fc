/**
 * How deep a JSON text a request sends may nest: a JSON body, or JSON sent in a form field (a
 * document added with a file). Far beyond any real document, and far below what the code that
 * walks a value recursively (JSON.stringify, the database's JSONB, the answer's serializer)
 * survives: a document about 4,000 objects deep (25 kB) ran it out of stack.
 */
export const MAX_JSON_DEPTH = 100;

const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Whether JSON `text` nests objects and arrays more than `max` levels deep, read as text in one
 * pass (brackets inside strings do not count), before anything parses or walks it. Text that is
 * not JSON gets an answer too; its parse fails afterwards.
 */
export function jsonNestsDeeperThan(text: string, max = MAX_JSON_DEPTH): boolean {
  // Each level takes at least one character.
  if (text.length <= max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i += 1;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_OBJECT || char === OPEN_ARRAY) {
      depth += 1;
      if (depth > max) return true;
    } else if (char === CLOSE_OBJECT || char === CLOSE_ARRAY) {
      depth -= 1;
    }
  }
  return false;
}
