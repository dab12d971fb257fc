import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * The encryption function (spec section 7): AES-256-GCM, authenticated, with a key derived from
 * the server's SECRET by HKDF-SHA-256, so that the secret itself never encrypts anything and
 * each purpose has its own key. Cipher text: "v1." + base64url(iv ‖ data ‖ tag).
 *
 * Every cipher text is bound to its owner as associated data: it decrypts only for that owner.
 * For the public functions the owner is a user id, so the decrypt endpoint opens a user's own
 * texts (a project's appId is encrypted for the project's owner) and nobody else's; a sealed
 * database key's owner is its project id.
 */
const VERSION = "v1.";
const IV_BYTES = 12;
const TAG_BYTES = 16;

export type Encryption = {
  encrypt: (text: string, owner: string) => string;
  /**
   * The clear text, or null when the cipher text is malformed, was not made with this key, or
   * was made for another owner.
   */
  decrypt: (cipherText: string, owner: string) => string | null;
};

/**
 * HKDF labels. A purpose's cipher texts never open under another's key: the decrypt endpoint
 * cannot open a sealed database key, whatever owner it is given.
 */
const PURPOSES = {
  functions: "hybridge functions/encrypt v1",
  databaseKeySeal: "hybridge database key seal v1",
  /** A project's Android upload key and its password, at rest (decision 022). */
  signingKey: "hybridge signing key v1",
  /** A project's update-signing key (ECDSA P-256, PKCS#8), at rest (decision 051). */
  updateKey: "hybridge update key v1",
} as const;

export function createEncryption(
  secret: string,
  purpose: keyof typeof PURPOSES = "functions",
): Encryption {
  const key = Buffer.from(hkdfSync("sha256", secret, "hybridge", PURPOSES[purpose], 32));
  return {
    encrypt(text, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(owner, "utf8"));
      const data = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
      return VERSION + Buffer.concat([iv, data, cipher.getAuthTag()]).toString("base64url");
    },
    decrypt(cipherText, owner) {
      if (!cipherText.startsWith(VERSION)) return null;
      const body = cipherText.slice(VERSION.length);
      if (!/^[A-Za-z0-9_-]+$/.test(body)) return null;
      const raw = Buffer.from(body, "base64url");
      if (raw.length < IV_BYTES + TAG_BYTES) return null;
      try {
        const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
        decipher.setAAD(Buffer.from(owner, "utf8"));
        decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
        const clear = Buffer.concat([
          decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
          decipher.final(),
        ]);
        return clear.toString("utf8");
      } catch {
        return null;
      }
    },
  };
}
