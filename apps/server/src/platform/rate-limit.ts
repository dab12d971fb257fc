import { ErrorCodes, GenericTexts } from "@hybridge/shared/common/errors";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "./errors";

export type RateLimit = { max: number; windowSeconds: number };

/**
 * An onRequest hook that allows `max` requests per client address per window, counted for each
 * route on its own (one endpoint's budget never spends another's). 429 answers go through the
 * error handler's one shape.
 */
export function perAddressLimit(app: FastifyInstance, limit: RateLimit) {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request) => `${request.ip}|${request.method} ${request.routeOptions.url}`,
  });
}

/**
 * A budget shared by every request about the same thing (`keyOf`: an app code…), whatever
 * address it comes from. The route spends it by calling the returned function once the request
 * has earned it — after its credential was checked, so that a stranger's refused calls never
 * spend an app's budget; past `max` in the window it throws 429 with Retry-After. (The plugin
 * runs one `app.rateLimit` hook per request, so a second limit on a route is this function.)
 */
export function perKeyBudget(
  app: FastifyInstance,
  limit: RateLimit & { name: string; keyOf: (request: FastifyRequest) => string },
) {
  const check = app.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request) => `${limit.name}|${limit.keyOf(request)}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header("retry-after", String(result.ttlInSeconds));
      throw new AppError(ErrorCodes.RATE_LIMITED, GenericTexts.rateLimited);
    }
  };
}
