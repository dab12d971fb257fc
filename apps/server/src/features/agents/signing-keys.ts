import { MAX_KEYSTORE_BYTES } from "@hybridge/shared/agents/protocol";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { signingKeys } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { checkUploadKeystore } from "./pkcs12";

export type OpenSigningKey = { keystore: Buffer; password: string; alias: string };

/**
 * A project's upload key as stored: keystore and password sealed with the server's secret
 * (AES-256-GCM, bound to the project id), opened only to sign its builds and for its owner.
 */
export function createSigningKeyVault(encryption: Encryption) {
  const open = (row: typeof signingKeys.$inferSelect): OpenSigningKey | null => {
    const keystore = encryption.decrypt(row.keystoreSealed, row.projectId);
    const password = encryption.decrypt(row.passwordSealed, row.projectId);
    if (keystore === null || password === null) return null;
    return { keystore: Buffer.from(keystore, "base64"), password, alias: row.alias };
  };
  return {
    openPassword: (sealed: string, projectId: string) => encryption.decrypt(sealed, projectId),

    async find(db: Db, projectId: string): Promise<OpenSigningKey | null> {
      const [row] = await db.select().from(signingKeys).where(eq(signingKeys.projectId, projectId));
      return row ? open(row) : null;
    },

    /**
     * Keeps the project's first upload key, once checked (checkUploadKeystore: a PKCS#12 that
     * the password opens, a private key and its certificate under the alias; 400 otherwise, and
     * nothing stored). Two first builds racing each make one: the primary key lets one row in,
     * and the other machine is answered the key that won (`created` false) so that every build
     * of the project is signed alike.
     */
    async store(
      db: Db,
      projectId: string,
      key: OpenSigningKey,
    ): Promise<{ created: boolean; key: OpenSigningKey }> {
      const { certSha256 } = checkKeystore(key);
      const inserted = await db
        .insert(signingKeys)
        .values({ projectId, ...this.seal(projectId, key), certSha256 })
        .onConflictDoNothing()
        .returning({ projectId: signingKeys.projectId });
      if (inserted.length > 0) return { created: true, key };
      const existing = await this.find(db, projectId);
      if (!existing) throw new Error("signing key vanished");
      return { created: false, key: existing };
    },

    /** The columns that hold a key, sealed for its project. */
    seal(projectId: string, key: OpenSigningKey) {
      return {
        keystoreSealed: encryption.encrypt(key.keystore.toString("base64"), projectId),
        passwordSealed: encryption.encrypt(key.password, projectId),
        alias: key.alias,
      };
    },
  };
}
export type SigningKeyVault = ReturnType<typeof createSigningKeyVault>;

/** An upload key as sent (a build machine's, or an owner's): checked before anything is kept. */
export function checkKeystore(key: OpenSigningKey) {
  if (key.keystore.length === 0) throw AppError.validation(AgentsTexts.keystoreRequired);
  if (key.keystore.length > MAX_KEYSTORE_BYTES) {
    throw new AppError("PAYLOAD_TOO_LARGE", AgentsTexts.keystoreTooLarge);
  }
  return checkUploadKeystore(key);
}
