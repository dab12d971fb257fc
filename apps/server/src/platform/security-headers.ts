import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Helmet's security headers, worked out once at start (docs/decisions/026-server-performance.md):
 * @fastify/helmet builds a new helmet middleware, parsing the whole policy, on every request,
 * which cost 5% of a simple API request. The headers depend only on the configuration, so they
 * are computed by running helmet once against a recording response, and each reply gets the
 * same list.
 */
export function securityHeaders(options: { publicUrl: string }): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(policy(options))({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }) {
  const headers = securityHeaders(options);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

function policy(options: { publicUrl: string }): Parameters<typeof helmet>[0] {
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and react-hot-toast set inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: options.publicUrl.startsWith("https://") ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: options.publicUrl.startsWith("https://"),
    referrerPolicy: { policy: "no-referrer" },
  };
}
