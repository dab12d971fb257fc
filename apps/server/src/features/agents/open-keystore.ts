import type { KeystorePasswordResponse } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db } from "../../platform/db/client";
import { signingKeys } from "../../platform/db/schema";
import { downloadFileStem } from "../../platform/download";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";

/** The project's upload key row, for its owner (404 for another's project, or without a key). */
async function ownedSigningKey(options: { db: Db; userId: string; projectId: string }) {
  const project = await requireOwnedProject(options.db, {
    ...options,
    notFound: BuildsTexts.projectNotFound,
  });
  const [row] = await options.db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.projectId, options.projectId));
  if (!row) throw AppError.notFound(BuildsTexts.signingKeyNone);
  return { project, row };
}

/** The project's upload keystore, for its owner to download (404 when it has none). */
export async function openKeystore(options: {
  db: Db;
  encryption: Encryption;
  userId: string;
  projectId: string;
}) {
  const { project, row } = await ownedSigningKey(options);
  const clear = options.encryption.decrypt(row.keystoreSealed, row.projectId);
  if (clear === null) throw AppError.notFound(BuildsTexts.signingKeyNone);
  // Nothing else is written: the event is the download's one row.
  await recordAudit(options.db, {
    actorId: options.userId,
    projectId: row.projectId,
    action: "upload-key.downloaded",
  });
  return {
    body: Buffer.from(clear, "base64"),
    fileName: `${downloadFileStem(project.keyApp)}-upload.p12`,
  };
}

/**
 * The keystore's password, for its owner, whenever they download the keystore (it is sealed
 * like the keystore, never lost). `passwordShownAt` records the first time the owner saw it.
 */
export async function readKeystorePassword(options: {
  db: Db;
  encryption: Encryption;
  userId: string;
  projectId: string;
}): Promise<KeystorePasswordResponse> {
  const { row } = await ownedSigningKey(options);
  const password = options.encryption.decrypt(row.passwordSealed, row.projectId);
  if (password === null) throw AppError.notFound(BuildsTexts.signingKeyNone);
  await options.db.transaction(async (tx) => {
    await tx
      .update(signingKeys)
      .set({ passwordShownAt: sql`coalesce(${signingKeys.passwordShownAt}, now())` })
      .where(eq(signingKeys.projectId, row.projectId));
    await recordAudit(tx, {
      actorId: options.userId,
      projectId: row.projectId,
      action: "upload-key.password-read",
    });
  });
  return { password };
}
