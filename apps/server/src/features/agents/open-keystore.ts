import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { signingKeys } from "../../platform/db/schema";
import { downloadFileStem } from "../../platform/download";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";

/** The project's upload keystore, for its owner to download (404 when it has none). */
export async function openKeystore(options: {
  db: Db;
  encryption: Encryption;
  userId: string;
  projectId: string;
}) {
  const project = await requireOwnedProject(options.db, {
    ...options,
    notFound: BuildsTexts.projectNotFound,
  });
  const [row] = await options.db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.projectId, options.projectId));
  const clear = row ? options.encryption.decrypt(row.keystoreSealed, row.projectId) : null;
  if (clear === null) throw AppError.notFound(BuildsTexts.signingKeyNone);
  return {
    body: Buffer.from(clear, "base64"),
    fileName: `${downloadFileStem(project.keyApp)}-upload.p12`,
  };
}
