import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { signingKeys } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";

/** A PKCS#12 keystore is one DER SEQUENCE: it starts with 0x30. Upload keys are a few KB. */
export const MAX_KEYSTORE_BYTES = 64 * 1024;

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
     * Keeps the project's first upload key. Two first builds racing each make one: the primary
     * key lets one row in, and the other machine is answered the key that won (`created` false)
     * so that every build of the project is signed alike.
     */
    async store(
      db: Db,
      projectId: string,
      key: OpenSigningKey,
    ): Promise<{ created: boolean; key: OpenSigningKey }> {
      if (key.keystore.length === 0 || key.keystore[0] !== 0x30) {
        throw AppError.validation(AgentsTexts.keystoreNotPkcs12);
      }
      if (key.keystore.length > MAX_KEYSTORE_BYTES) {
        throw AppError.validation(AgentsTexts.keystoreTooLarge);
      }
      const inserted = await db
        .insert(signingKeys)
        .values({
          projectId,
          keystoreSealed: encryption.encrypt(key.keystore.toString("base64"), projectId),
          passwordSealed: encryption.encrypt(key.password, projectId),
          alias: key.alias,
        })
        .onConflictDoNothing()
        .returning({ projectId: signingKeys.projectId });
      if (inserted.length > 0) return { created: true, key };
      const existing = await this.find(db, projectId);
      if (!existing) throw new Error("signing key vanished");
      return { created: false, key: existing };
    },
  };
}
export type SigningKeyVault = ReturnType<typeof createSigningKeyVault>;
