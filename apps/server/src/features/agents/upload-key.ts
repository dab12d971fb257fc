import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db, Tx } from "../../platform/db/client";
import { buildLogs, builds, signingKeys } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { requireOwnedProject } from "../../platform/owned-project";
import { hasPublishedAndroidBuild } from "./has-published-android-build";
import { checkKeystore, type OpenSigningKey, type SigningKeyVault } from "./signing-keys";

/**
 * The owner's project, locked for the change (a publication takes the same lock, so none
 * happens half-way), or 404; 409 once an Android build was published: the installed app only
 * takes updates signed like it (decision 033).
 */
async function lockChangeableProject(tx: Tx, userId: string, projectId: string) {
  await requireOwnedProject(tx, {
    userId,
    projectId,
    notFound: BuildsTexts.projectNotFound,
    lock: "update",
  });
  if (await hasPublishedAndroidBuild(tx, projectId)) {
    throw AppError.conflict(AgentsTexts.uploadKeyLocked);
  }
}

/**
 * The project's Android builds that were or are being signed with the key that goes: the
 * building ones (their machine holds the old key; their next heartbeat is refused) and the ready
 * ones, unless signed by `keep`'s certificate. They fail with a reason that says so, so that
 * nothing signed with a dropped key can be published. The pending ones are locked meanwhile: a
 * machine claims them (SKIP LOCKED) only once the new key is there.
 */
async function setAsideBuildsSignedWithOldKey(tx: Tx, projectId: string, keep: string | null) {
  await tx
    .select({ id: builds.id })
    .from(builds)
    .where(
      and(
        eq(builds.projectId, projectId),
        eq(builds.platform, "android"),
        eq(builds.status, "pending"),
      ),
    )
    .for("update");
  const failed = await tx
    .update(builds)
    .set({
      status: "failed",
      failureReason: AgentsTexts.signedWithOldKey,
      finishedAt: sql`clock_timestamp()`,
      leaseExpiresAt: null,
    })
    .where(
      and(
        eq(builds.projectId, projectId),
        eq(builds.platform, "android"),
        inArray(builds.status, ["building", "ready"]),
        keep === null
          ? sql`true`
          : sql`(${builds.status} = 'building' or ${builds.certSha256} is distinct from ${keep})`,
      ),
    )
    .returning({ id: builds.id });
  if (failed.length > 0) {
    await tx
      .insert(buildLogs)
      .values(
        failed.map(({ id }) => ({ buildId: id, line: `Failed: ${AgentsTexts.signedWithOldKey}` })),
      );
  }
}

/**
 * Replaces the project's upload key with a keystore of the owner's, checked first (400 and
 * nothing changed when it does not open or lacks the key or its certificate). The owner typed
 * its password: it is not shown again.
 */
export async function replaceUploadKey(options: {
  db: Db;
  vault: SigningKeyVault;
  userId: string;
  projectId: string;
  key: OpenSigningKey;
}) {
  const { db, projectId } = options;
  const { certSha256 } = checkKeystore(options.key);
  await db.transaction(async (tx) => {
    await lockChangeableProject(tx, options.userId, projectId);
    const [current] = await tx
      .select({ certSha256: signingKeys.certSha256 })
      .from(signingKeys)
      .where(eq(signingKeys.projectId, projectId))
      .for("update");
    // Without a key, no build was signed yet: a machine making the first one is answered this one.
    if (current && current.certSha256 !== certSha256) {
      await setAsideBuildsSignedWithOldKey(tx, projectId, certSha256);
    }
    const values = {
      ...options.vault.seal(projectId, options.key),
      certSha256,
      createdAt: sql`now()`,
      passwordShownAt: sql`now()`,
    };
    await tx
      .insert(signingKeys)
      .values({ projectId, ...values })
      .onConflictDoUpdate({ target: signingKeys.projectId, set: values });
    await recordAudit(tx, {
      actorId: options.userId,
      projectId,
      action: "upload-key.replaced",
      details: { certSha256 },
    });
  });
}

/** Drops the project's upload key: the next Android build makes a new one. */
export async function resetUploadKey(options: { db: Db; userId: string; projectId: string }) {
  const { db, projectId } = options;
  await db.transaction(async (tx) => {
    await lockChangeableProject(tx, options.userId, projectId);
    const dropped = await tx
      .delete(signingKeys)
      .where(eq(signingKeys.projectId, projectId))
      .returning({ projectId: signingKeys.projectId });
    if (dropped.length > 0) {
      await setAsideBuildsSignedWithOldKey(tx, projectId, null);
      await recordAudit(tx, { actorId: options.userId, projectId, action: "upload-key.reset" });
    }
  });
}
