import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import {
  BetaInputSchema,
  BetaResponseSchema,
  EarlyAdoptersResponseSchema,
  JoinInputSchema,
  JoinResponseSchema,
} from "@hybridge/shared/community/schemas";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { joinCommunity } from "./join-community";
import { listEarlyAdopters } from "./list-early-adopters";
import { signUpBeta } from "./sign-up-beta";

/** The community API: join requests, beta sign-ups and the admins' early-adopter list. */
export async function registerCommunityRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const limit = perAddressLimit(app, config.writeRateLimit);

  r.post(
    communityEndpoints.join,
    {
      onRequest: limit,
      schema: { body: JoinInputSchema, response: { 201: JoinResponseSchema } },
    },
    async (request, reply) => {
      const contact = await joinCommunity({ db, input: request.body });
      return reply.status(201).send({ contact });
    },
  );

  r.post(
    communityEndpoints.beta,
    {
      onRequest: limit,
      schema: { body: BetaInputSchema, response: { 201: BetaResponseSchema } },
    },
    async (request, reply) => {
      const created = await signUpBeta({ db, input: request.body });
      return reply.status(201).send(created);
    },
  );

  r.get(
    communityEndpoints.earlyAdopters,
    { schema: { response: { 200: EarlyAdoptersResponseSchema } } },
    async (request) => listEarlyAdopters({ db, user: await requireUser(request) }),
  );
}
