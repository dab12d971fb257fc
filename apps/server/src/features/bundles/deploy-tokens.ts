import {
  type CreateDeployTokenInput,
  type CreateDeployTokenResponse,
  DEPLOY_TOKEN_MARK,
  type DeployToken,
} from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { recordAudit } from "../../platform/audit";
import type { Db } from "../../platform/db/client";
import { deployTokens, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { inOwnedProject, isOwnedProject, requireOwnedProject } from "../../platform/owned-project";
import { hashSecret, randomAlphanumeric } from "../../platform/random";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Row = typeof deployTokens.$inferSelect;
const toDeployToken = (row: Row): DeployToken => ({
  id: row.id,
  name: row.name,
  tokenPrefix: row.tokenPrefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
});

/** The project's live deploy tokens, newest first (owner only; others get 404). */
export async function listDeployTokens(options: {
  db: Db;
  userId: string;
  projectId: string;
}): Promise<DeployToken[]> {
  // One query: the ownership is the join's condition.
  const rows = await options.db
    .select({ token: deployTokens, owned: projects.id })
    .from(projects)
    .leftJoin(
      deployTokens,
      and(eq(deployTokens.projectId, projects.id), isNull(deployTokens.revokedAt)),
    )
    .where(isOwnedProject(options.userId, options.projectId))
    .orderBy(desc(deployTokens.createdAt), desc(deployTokens.id));
  if (rows.length === 0) throw AppError.notFound(BundlesTexts.bundleNotFound);
  return rows.flatMap((row) => (row.token ? [toDeployToken(row.token)] : []));
}

/** A new deploy token for the owner's project; its secret is in this answer only. */
export async function createDeployToken(options: {
  db: Db;
  userId: string;
  projectId: string;
  input: CreateDeployTokenInput;
}): Promise<CreateDeployTokenResponse> {
  await requireOwnedProject(options.db, {
    userId: options.userId,
    projectId: options.projectId,
    notFound: BundlesTexts.bundleNotFound,
  });
  const secret = `${DEPLOY_TOKEN_MARK}${randomAlphanumeric(43)}`;
  const row = await options.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(deployTokens)
      .values({
        projectId: options.projectId,
        name: options.input.name,
        tokenHash: hashSecret(secret),
        tokenPrefix: secret.slice(0, DEPLOY_TOKEN_MARK.length + 4),
      })
      .returning();
    if (!inserted) throw new Error("insert returned no deploy token");
    await recordAudit(tx, {
      actorId: options.userId,
      projectId: options.projectId,
      action: "deploy-token.created",
      details: { tokenId: inserted.id, name: inserted.name, tokenPrefix: inserted.tokenPrefix },
    });
    return inserted;
  });
  return { token: toDeployToken(row), secret };
}

/** Revokes one of the owner's deploy tokens: it stops working at once. */
export async function revokeDeployToken(options: {
  db: Db;
  userId: string;
  projectId: string;
  tokenId: string;
}) {
  if (!UUID.test(options.tokenId)) throw AppError.notFound(BundlesTexts.tokenNotFound);
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .update(deployTokens)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(deployTokens.id, options.tokenId),
          eq(deployTokens.projectId, options.projectId),
          isNull(deployTokens.revokedAt),
          inOwnedProject(deployTokens.projectId, options.userId),
        ),
      )
      .returning({
        id: deployTokens.id,
        name: deployTokens.name,
        prefix: deployTokens.tokenPrefix,
      });
    if (!row) throw AppError.notFound(BundlesTexts.tokenNotFound);
    await recordAudit(tx, {
      actorId: options.userId,
      projectId: options.projectId,
      action: "deploy-token.revoked",
      details: { tokenId: row.id, name: row.name, tokenPrefix: row.prefix },
    });
  });
}
