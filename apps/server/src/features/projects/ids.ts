import { randomBytes } from "node:crypto";
import { DATABASE_KEY, PROJECT_ID_LENGTH } from "@hybridge/shared/projects/schemas";
import { hashDatabaseKey } from "../../platform/database-key";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
// The largest multiple of 62 below 256: bytes at or above it are dropped, so every character
// is equally likely (no modulo bias).
const LIMIT = 256 - (256 % ALPHABET.length);

/** Crypto-random letters and digits: URL-safe, and a double click selects the whole value. */
export function randomAlphanumeric(length: number): string {
  let out = "";
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < LIMIT) out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** A project id: 101 random characters (spec section 9). */
export const newProjectId = () => randomAlphanumeric(PROJECT_ID_LENGTH);

export type DatabaseKey = { key: string; prefix: string; databaseId: string; hash: string };

/**
 * A database key: a random 17-character prefix + the 33-character database document id. Only
 * its hash (platform/database-key.ts, shared with the dev-app endpoints) authorises.
 */
export function newDatabaseKey(): DatabaseKey {
  const prefix = randomAlphanumeric(DATABASE_KEY.prefixLength);
  const databaseId = randomAlphanumeric(DATABASE_KEY.idLength);
  const key = `${prefix}${databaseId}`;
  return { key, prefix, databaseId, hash: hashDatabaseKey(key) };
}
