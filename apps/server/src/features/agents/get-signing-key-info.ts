import type { SigningKeyInfoResponse } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { signingKeys } from "../../platform/db/schema";
import { requireOwnedProject } from "../../platform/owned-project";
import { hasPublishedAndroidBuild } from "./has-published-android-build";

/**
 * The project's Android upload key, for its owner: what it is and whether it can still change.
 * Its keystore and password are read when the owner downloads it (open-keystore.ts).
 */
export async function getSigningKeyInfo(options: {
  db: Db;
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
  return {
    signingKey: {
      certSha256: row.certSha256 ?? "",
      createdAt: row.createdAt.toISOString(),
      alias: row.alias,
    },
    changeable,
  };
}
