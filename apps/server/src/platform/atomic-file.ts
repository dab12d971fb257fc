import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/**
 * Small files that several starting processes may race for (the data directory's lock, the
 * generated secret): each is written whole beside its place, then linked or renamed into it, so
 * no reader ever sees it half-written.
 */

/** The file's text; null when there is no file. */
export function readIfExists(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/** A new file beside `file` holding `content`, for a link or a rename into place. */
function writeTemp(file: string, content: string, mode?: number): string {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    writeFileSync(temp, content, { mode });
  } catch (error) {
    // A full disk creates the file, then fails to fill it: leave nothing behind.
    rmSync(temp, { force: true });
    throw error;
  }
  return temp;
}

/** Creates `file` holding `content`, whole, only if it does not exist yet (false if it does). */
export function createExclusive(file: string, content: string, mode?: number): boolean {
  const temp = writeTemp(file, content, mode);
  try {
    linkSync(temp, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    rmSync(temp, { force: true });
  }
}

/** Replaces `file` (or creates it) with `content`, whole. */
export function replaceWhole(file: string, content: string, mode?: number): void {
  const temp = writeTemp(file, content, mode);
  try {
    renameSync(temp, file);
  } finally {
    rmSync(temp, { force: true });
  }
}
