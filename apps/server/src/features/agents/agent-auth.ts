import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import { bearerKey } from "../../platform/database-key";
import { agents } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { hashSecret, randomAlphanumeric } from "../../platform/random";

/** `hb_agent_` + 43 random letters and digits (≈ 256 bits); only its SHA-256 is stored. */
export const AGENT_TOKEN_MARK = "hb_agent_";

export function newAgentToken() {
  const token = `${AGENT_TOKEN_MARK}${randomAlphanumeric(43)}`;
  return {
    token,
    prefix: token.slice(0, AGENT_TOKEN_MARK.length + 4),
    hash: hashSecret(token),
  };
}

export type AgentIdentity = { id: string; name: string; platforms: string[] };

/**
 * The build machine calling, from its bearer token; its last call is recorded in the same
 * statement (that is what "connected" means on the admin screen and for waiting builds). A
 * missing, unknown or revoked token answers 401 with WWW-Authenticate.
 */
export async function requireAgent(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<AgentIdentity> {
  const token = bearerKey(request);
  const [agent] = token?.startsWith(AGENT_TOKEN_MARK)
    ? await request.server.deps.db
        .update(agents)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(agents.tokenHash, hashSecret(token)), isNull(agents.revokedAt)))
        .returning({ id: agents.id, name: agents.name, platforms: agents.platforms })
    : [];
  if (!agent) {
    reply.header("WWW-Authenticate", 'Bearer realm="hybridge-agents"');
    throw new AppError(
      ErrorCodes.UNAUTHENTICATED,
      token ? AgentsTexts.tokenInvalid : AgentsTexts.tokenRequired,
    );
  }
  return agent;
}
