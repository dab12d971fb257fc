import { DEPLOY_TOKEN_MARK } from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerKey } from "./database-key";
import type { Db } from "./db/client";
import { deployTokens, projects } from "./db/schema";
import { AppError } from "./errors";
import { hashSecret } from "./random";

// A deploy token's check (the bundles feature issues and revokes the tokens): what `hybridge
// deploy` (bundles) and `hybridge rules deploy` (data's access rules) are authorised by.

export type DeployTarget = {
  tokenId: string;
  projectId: string;
  projectName: string;
  ownerId: string;
};

/**
 * The project a deploy goes to, from the request's bearer deploy token. A missing, unknown or
 * revoked token answers 401 with WWW-Authenticate.
 */
export async function requireDeployToken(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<DeployTarget> {
  const token = bearerKey(request);
  const [target] = token?.startsWith(DEPLOY_TOKEN_MARK)
    ? await request.server.deps.db
        .select({
          tokenId: deployTokens.id,
          projectId: projects.id,
          projectName: projects.name,
          ownerId: projects.adminId,
        })
        .from(deployTokens)
        .innerJoin(projects, eq(projects.id, deployTokens.projectId))
        .where(and(eq(deployTokens.tokenHash, hashSecret(token)), isNull(deployTokens.revokedAt)))
        .limit(1)
    : [];
  if (!target) {
    reply.header("WWW-Authenticate", 'Bearer realm="hybridge-deploy"');
    throw new AppError(
      ErrorCodes.UNAUTHENTICATED,
      token ? BundlesTexts.deployTokenInvalid : BundlesTexts.deployTokenRequired,
    );
  }
  return target;
}

/** A deploy went through with this token: its last use, as the console lists it. */
export async function recordDeployTokenUse(db: Db, tokenId: string) {
  await db.update(deployTokens).set({ lastUsedAt: sql`now()` }).where(eq(deployTokens.id, tokenId));
}
