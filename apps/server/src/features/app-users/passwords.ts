import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

// App users' passwords (decision 043): Node's scrypt (OpenSSL's, memory-hard), never hand-made
// cryptography. Stored as `scrypt$N$r$p$salt$hash` (base64url), so that a hash is checked with
// its own parameters and new ones can be raised without touching the stored ones.

/** N = 2^15, r = 8, p = 1: 32 MiB and some 50–100 ms of a core per hash. */
export const SCRYPT_PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
/** Above 128 · N · r (32 MiB), which is OpenSSL's default limit exactly. */
const MAX_MEMORY = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, options: ScryptOptions, length: number) {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize("NFC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** The stored form of a new password. */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p } = SCRYPT_PARAMETERS;
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, { N, r, p, maxmem: MAX_MEMORY }, KEY_BYTES);
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** Whether `password` is the one `stored` was made from (false for a form it cannot read). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const parameters = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(parameters).every((value) => Number.isSafeInteger(value) && value > 0)) {
    return false;
  }
  const maxmem = Math.max(MAX_MEMORY, 256 * parameters.N * parameters.r);
  const key = await derive(
    password,
    Buffer.from(salt, "base64url"),
    { ...parameters, maxmem },
    expected.length,
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

let dummy: Promise<string> | undefined;
/**
 * A hash of no one's password, checked when the e-mail is unknown, so that an unknown e-mail
 * and a wrong password take the same time (made once, on first use).
 */
export function dummyPasswordHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString("base64url"));
  return dummy;
}
