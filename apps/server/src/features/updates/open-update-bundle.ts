import { pipeline, type Readable, Transform } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { updates } from "../../platform/db/schema";
import type { Storage } from "../../platform/storage";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An update's zip and what its headers say, or null for an unknown id. */
export async function openUpdateBundle(db: Db, storage: Storage, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ fileKey: updates.fileKey, sha256: updates.sha256, size: updates.size })
    .from(updates)
    .where(eq(updates.id, id.toLowerCase()));
  if (!row) return null;
  return { ...row, open: () => storage.open(row.fileKey) };
}

/**
 * The one byte range a `Range` header asks of a `size`-byte file: `{ start, end }` (inclusive),
 * "unsatisfiable" (416), or null to send the whole file (no header, several ranges, or a form
 * not understood — RFC 9110 lets a server ignore it).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, from = "", to = ""] = match;
  if (from === "" && to === "") return null;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

/** `stream`'s bytes `start`…`end` (inclusive): what storage gives whole, cut on the way. */
export function sliceStream(stream: Readable, start: number, end: number): Readable {
  let offset = 0;
  const cut = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const from = Math.max(0, start - offset);
      const to = Math.min(chunk.length, end + 1 - offset);
      offset += chunk.length;
      if (to > from) this.push(chunk.subarray(from, to));
      if (offset > end) {
        this.push(null);
        stream.destroy();
      }
      done();
    },
  });
  return pipeline(stream, cut, () => {});
}
