import { createHash, randomBytes } from "node:crypto";

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

/**
 * What is stored of a secret we hand out (database keys, deploy and build-machine tokens): its
 * SHA-256 in hex. The secrets are long and random, so a fast hash is enough to make the stored
 * value useless to whoever reads the database.
 */
export const hashSecret = (secret: string) => createHash("sha256").update(secret).digest("hex");
