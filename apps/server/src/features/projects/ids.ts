import { randomBytes } from "node:crypto";
import {
  DATABASE_ID_LENGTH,
  DATABASE_KEY,
  PROJECT_ID_LENGTH,
} from "@hybridge/shared/projects/schemas";
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

/** A database document id (spec: 33 random characters). It is no part of the key. */
export const newDatabaseId = () => randomAlphanumeric(DATABASE_ID_LENGTH);

export type DatabaseKey = { key: string; prefix: string; hash: string };

/**
 * A database key: `hb_test_` + 43 random letters and digits (≈ 256 bits), derived from nothing
 * stored. Only its hash (platform/database-key.ts, shared with the apps' endpoints) authorises;
 * `prefix` (the mark and 4 characters) is what the settings page shows of it.
 */
export function newDatabaseKey(): DatabaseKey {
  const key = `${DATABASE_KEY.mark}${randomAlphanumeric(DATABASE_KEY.randomLength)}`;
  const prefix = key.slice(0, DATABASE_KEY.mark.length + DATABASE_KEY.shownLength);
  return { key, prefix, hash: hashDatabaseKey(key) };
}
