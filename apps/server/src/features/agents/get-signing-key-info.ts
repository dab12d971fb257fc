import type { SigningKeyInfoResponse } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { signingKeys } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import { requireOwnedProject } from "../../platform/owned-project";
import { hasPublishedAndroidBuild } from "./has-published-android-build";

/**
 * The project's Android upload key, for its owner. The password is in the answer the first time
 * only (it is marked shown in the same statement); the keystore itself can be downloaded again.
 */
export async function getSigningKeyInfo(options: {
  db: Db;
  encryption: Encryption;
  userId: string;
  projectId: string;
}): Promise<SigningKeyInfoResponse> {
  const { db } = options;
  await requireOwnedProject(db, { ...options, notFound: BuildsTexts.projectNotFound });
  const [row] = await db
    .select()
    .from(signingKeys)
    .where(eq(signingKeys.projectId, options.projectId));
  const changeable = !(await hasPublishedAndroidBuild(db, options.projectId));
  if (!row) return { signingKey: null, changeable };
  const [firstShow] = await db
    .update(signingKeys)
    .set({ passwordShownAt: sql`now()` })
    .where(
      and(eq(signingKeys.projectId, row.projectId), sql`${signingKeys.passwordShownAt} is null`),
    )
    .returning({ projectId: signingKeys.projectId });
  return {
    signingKey: {
      certSha256: row.certSha256 ?? "",
      createdAt: row.createdAt.toISOString(),
      alias: row.alias,
      password: firstShow ? options.encryption.decrypt(row.passwordSealed, row.projectId) : null,
    },
    changeable,
  };
}
