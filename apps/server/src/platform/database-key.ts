import { createHash, timingSafeEqual } from "node:crypto";

/**
 * A project's database key is kept only as this hash (SHA-256, hex): the projects feature
 * stores it, the dev-app endpoints check a presented key against it.
 */
export const hashDatabaseKey = (key: string) => createHash("sha256").update(key).digest("hex");

// Compared when there is no stored hash, so that an unknown app code costs the same time.
const NO_HASH = Buffer.alloc(32);

/** Whether `presented` is the key of `storedHash`, compared in constant time. */
export function matchesDatabaseKey(presented: string, storedHash: string | null): boolean {
  const given = createHash("sha256").update(presented).digest();
  const stored =
    storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, "hex") : null;
  return timingSafeEqual(given, stored ?? NO_HASH) && stored !== null;
}
