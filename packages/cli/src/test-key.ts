import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { DATABASE_KEY, DATABASE_KEY_IN_TEXT } from "@hybridge/shared/projects/database-key";

/** A key as a message may show it: its mark and first characters, never the whole of it. */
export const maskedKey = (key: string) =>
  `${key.slice(0, DATABASE_KEY.mark.length + DATABASE_KEY.shownLength)}…`;

/**
 * The files of `dist` (relative paths, `/`-separated, sorted) that hold a Test Mode key: any
 * `hb_test_` key, or one of `known` (the app's own HYBRIDGE_DATABASE_KEY, whatever its shape).
 * Every file is read, whatever its kind: a key may hide in a source map or a JSON asset.
 */
export async function filesWithTestKey(dist: string, known: string[]): Promise<string[]> {
  const exact = known.map((key) => key.trim()).filter((key) => key.length >= 8);
  const found: string[] = [];
  const entries = await readdir(dist, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    // latin1 keeps every byte as one character: a key (ASCII) is found in any file.
    const text = (await readFile(file)).toString("latin1");
    if (new RegExp(DATABASE_KEY_IN_TEXT).test(text) || exact.some((key) => text.includes(key))) {
      found.push(path.relative(dist, file).split(path.sep).join("/"));
    }
  }
  return found.sort();
}
