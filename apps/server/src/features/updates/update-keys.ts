import { createHash, createPrivateKey, createSign, generateKeyPairSync } from "node:crypto";
import type { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { updateKeys } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";

/**
 * The project's update-signing key (decision 051): ECDSA P-256 made with node:crypto on first
 * need (a deploy's update, or a build's hybridge.json), the private key sealed with the
 * server's secret for the project (purpose updateKey). Two concurrent first needs insert on the
 * primary key: one row wins, both read it back.
 */
export async function ensureUpdateKey(
  db: Db | Tx,
  seal: Encryption,
  projectId: string,
): Promise<{ publicKey: string; privateKeySealed: string }> {
  const [existing] = await db
    .select({ publicKey: updateKeys.publicKey, privateKeySealed: updateKeys.privateKeySealed })
    .from(updateKeys)
    .where(eq(updateKeys.projectId, projectId));
  if (existing) return existing;
  const pair = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const publicKey = pair.publicKey.export({ type: "spki", format: "der" }).toString("base64");
  const privatePem = pair.privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  await db
    .insert(updateKeys)
    .values({ projectId, publicKey, privateKeySealed: seal.encrypt(privatePem, projectId) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ publicKey: updateKeys.publicKey, privateKeySealed: updateKeys.privateKeySealed })
    .from(updateKeys)
    .where(eq(updateKeys.projectId, projectId));
  if (!row) throw new Error("update key row missing after insert");
  return row;
}

/** The project's public update key (base64 SPKI), or null when it has none yet. */
export async function updatePublicKey(db: Db, projectId: string): Promise<string | null> {
  const [row] = await db
    .select({ publicKey: updateKeys.publicKey })
    .from(updateKeys)
    .where(eq(updateKeys.projectId, projectId));
  return row?.publicKey ?? null;
}

/**
 * Reads `body` whole, returning its SHA-256 (hex), size and the DER signature (base64) by the
 * sealed key: what the shell checks before it unzips an update.
 */
export async function signStream(
  body: Readable,
  sealed: { privateKeySealed: string; projectId: string; seal: Encryption },
): Promise<{ signature: string; sha256: string; size: number }> {
  const pem = sealed.seal.decrypt(sealed.privateKeySealed, sealed.projectId);
  if (pem === null) throw new Error("the project's update key does not open with this SECRET");
  const signer = createSign("sha256");
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of body) {
    const bytes = chunk as Buffer;
    signer.update(bytes);
    hash.update(bytes);
    size += bytes.length;
  }
  const signature = signer.sign({ key: createPrivateKey(pem), dsaEncoding: "der" });
  return { signature: signature.toString("base64"), sha256: hash.digest("hex"), size };
}
