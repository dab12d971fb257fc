import type { FastifyInstance } from "fastify";

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
