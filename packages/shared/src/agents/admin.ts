import { z } from "zod";
import { singleLineText } from "../common/fields";
import { AgentPlatformsSchema } from "./protocol";
import { AgentsTexts } from "./texts";

/** `POST /api/admin/agents`: an admin adds a build machine; its token is shown once. */
export const CreateAgentInputSchema = z.object({
  name: singleLineText(AgentsTexts.invalidName)
    .trim()
    .min(1, AgentsTexts.invalidName)
    .max(64, AgentsTexts.invalidName),
  platforms: AgentPlatformsSchema,
});
export type CreateAgentInput = z.infer<typeof CreateAgentInputSchema>;

/**
 * A build machine counts as connected while it called within this many seconds (`connected`
 * here; a pending build's `waitingForAgent` when none is).
 */
export const AGENT_CONNECTED_SECONDS = 60;

export const AgentSchema = z.object({
  id: z.string(),
  name: z.string(),
  platforms: z.array(z.string()),
  /** The token's first characters, to tell tokens apart (hb_agent_ab12…). */
  tokenPrefix: z.string(),
  /** The server's own build machine (BUILD_AGENT=on): not revocable here. */
  embedded: z.boolean(),
  createdAt: z.string(),
  /** ISO 8601 of its last call, or null when it never called. */
  lastSeenAt: z.string().nullable(),
  /** Seen within the last minute. */
  connected: z.boolean(),
  /** The build it is working on now, if any. */
  busyWith: z.object({ buildId: z.string(), projectName: z.string() }).nullable(),
});
export type Agent = z.infer<typeof AgentSchema>;

export const AgentListResponseSchema = z.object({ agents: z.array(AgentSchema) });
export type AgentListResponse = z.infer<typeof AgentListResponseSchema>;

export const CreateAgentResponseSchema = z.object({ agent: AgentSchema, token: z.string() });
export type CreateAgentResponse = z.infer<typeof CreateAgentResponseSchema>;

export const AgentIdParamsSchema = z.object({ agentId: z.string() });
