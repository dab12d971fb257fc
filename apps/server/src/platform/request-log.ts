import type { FastifyInstance } from "fastify";

/**
 * What the log keeps of requests (docs/decisions/026-server-performance.md): Fastify's two info
 * lines per request are off; a request is written once, when it ends, if it failed on our side
 * (5xx, error level), was refused (4xx, info; except 404s of static paths, which crawlers make
 * by the thousand) or was slow (warn). Health checks are never written: load balancers call
 * them every few seconds.
 */
export function registerRequestLog(app: FastifyInstance, options: { slowMs: number }) {
  app.addHook("onResponse", (request, reply, done) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    const url = request.routeOptions.url ?? "";
    if (url.startsWith("/api/health")) return done();
    const entry = { req: request, status, ms: Math.round(ms) };
    if (status >= 500) request.log.error(entry, "request failed");
    else if (ms >= options.slowMs) request.log.warn(entry, "slow request");
    else if (status >= 400 && !(status === 404 && !request.url.startsWith("/api/"))) {
      request.log.info(entry, "request refused");
    }
    done();
  });
}
