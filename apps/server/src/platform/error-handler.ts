import { ErrorCodes, GenericTexts } from "@hybridge/shared/common/errors";
import type { FastifyError, FastifyInstance } from "fastify";
import { databaseFailure, errorCodes } from "./db/errors";
import { AppError } from "./errors";

/** How long a client should wait before trying again after a 503 (seconds). */
const RETRY_AFTER_SECONDS = 5;

const CODE_BY_STATUS: Record<number, string> = {
  400: ErrorCodes.VALIDATION,
  401: ErrorCodes.UNAUTHENTICATED,
  403: ErrorCodes.FORBIDDEN,
  404: ErrorCodes.NOT_FOUND,
  409: ErrorCodes.CONFLICT,
  413: ErrorCodes.PAYLOAD_TOO_LARGE,
  415: ErrorCodes.VALIDATION,
  429: ErrorCodes.RATE_LIMITED,
};

/** One error shape for every failure: `{ code, message }`; a 5xx never leaks internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) request.log.error({ err: error }, "request failed");
      return reply.status(error.status).send({ code: error.code, message: error.message });
    }
    // A request that its route's schema refused (platform/validation.ts): the first problem.
    if (error.code === "FST_ERR_VALIDATION" && Array.isArray(error.validation)) {
      const first = error.validation[0];
      return reply.status(400).send({
        code: ErrorCodes.VALIDATION,
        message: first?.message ?? GenericTexts.invalidInput,
      });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        code: CODE_BY_STATUS[status] ?? ErrorCodes.VALIDATION,
        message: status === 429 ? GenericTexts.rateLimited : error.message,
      });
    }
    // The database, not the request, may be at fault: then 503, and a schema gone missing is
    // re-created. Some callers hide the driver's error (better-auth's "Failed to get
    // session"): a probe of the database tells.
    const failure = databaseFailure(error);
    if (failure === "schema-missing") {
      request.log.error({ err: error }, "a table is missing: checking the database schema");
      void app.deps.databaseHealth.repairSchema();
    } else if (failure === "down") {
      request.log.warn({ codes: errorCodes(error) }, "the database is unavailable: answered 503");
    }
    if (failure || (await app.deps.databaseHealth.check()) !== "ok") {
      return reply
        .status(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send({ code: ErrorCodes.UNAVAILABLE, message: GenericTexts.unavailable });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({ code: ErrorCodes.INTERNAL, message: GenericTexts.internal });
  });
}
