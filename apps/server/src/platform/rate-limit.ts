import fastifyRateLimit from "@fastify/rate-limit";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "./config";
import { AppError } from "./errors";
import { StartError } from "./start-error";

export type RateLimit = { max: number; windowSeconds: number };

/** The address without its password, for messages and logs. */
function redactedRedisUrl(url: string) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.toString();
}

/**
 * The rate-limit plugin, counting in each process's memory — or, with REDIS_URL, in Redis, so
 * that a limit holds across every instance behind the balancer (decision 031). Redis must answer
 * at start (a wrong address stops the start with its reason); if it goes away later, requests are
 * let through uncounted rather than refused (an outage of the counter must not become an outage
 * of the product), and the log says so once until it is back.
 */
export async function registerRateLimits(app: FastifyInstance, redis: Config["redis"]) {
  if (!redis) {
    await app.register(fastifyRateLimit, { global: false });
    return;
  }
  // Loaded only here: a server without REDIS_URL does not hold the client's code (decision 064).
  const { Redis } = await import("ioredis");
  const client = new Redis(redis.url, {
    lazyConnect: true,
    connectTimeout: 2_000,
    // A command never waits for a reconnection: it fails, and the request goes uncounted.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
  });
  let healthy = true;
  client.on("error", (error) => {
    if (!healthy) return;
    healthy = false;
    app.log.error(
      { err: error },
      "Redis does not answer: rate limits are not counted until it does",
    );
  });
  client.on("ready", () => {
    if (healthy) return;
    healthy = true;
    app.log.info("Redis answers again: rate limits are counted");
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new StartError(
      `REDIS_URL: Redis at ${redactedRedisUrl(redis.url)} does not answer (${(error as Error).message}): start it, or unset REDIS_URL to count rate limits in this process.`,
    );
  }
  app.addHook("onClose", async () => {
    await client.quit().catch(() => client.disconnect());
  });
  await app.register(fastifyRateLimit, {
    global: false,
    redis: client,
    nameSpace: `${redis.keyPrefix}rate-limit:`,
    skipOnError: true,
  });
}

/**
 * An onRequest hook that allows `max` requests per client address per window, counted for each
 * route on its own (one endpoint's budget never spends another's). 429 answers go through the
 * error handler's one shape.
 */
export function perAddressLimit(app: FastifyInstance, limit: RateLimit) {
  return app.rateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    // The route in the key: in Redis every limiter made here shares one namespace.
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
