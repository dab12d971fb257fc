import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import { ErrorCodes, ErrorResponseSchema } from "@hybridge/shared/common/errors";
import { CharacterTexts, GenericTexts } from "@hybridge/shared/common/texts";
import { IndexTexts } from "@hybridge/shared/data/texts";
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RouteOptions,
} from "fastify";
import { z } from "zod";
import { $ZodType } from "zod/v4/core";
import { databaseFailure, errorCodes, exceedsDeclaredIndex } from "./db/errors";
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

/**
 * A route's declared answers of 400 and above also accept `{ code, message }`: the error
 * handler sends that shape for any failure of any route (a refused body, a 401…), and a
 * response schema refusing it would turn the answer into a 500 FST_ERR_RESPONSE_SERIALIZATION.
 * A route's own error answers (the functions' spec-shaped `{ success: false, … }`) keep their
 * schema beside it.
 */
export function acceptErrorShape(route: RouteOptions) {
  const responses = route.schema?.response as Record<string, unknown> | undefined;
  if (!responses) return;
  const withErrors = Object.fromEntries(
    Object.entries(responses).map(([status, schema]) => [
      status,
      /^[45]/.test(status) && schema instanceof $ZodType && schema !== ErrorResponseSchema
        ? z.union([ErrorResponseSchema, schema])
        : schema,
    ]),
  );
  route.schema = { ...route.schema, response: withErrors };
}

/**
 * What the router refuses before any route runs (Fastify's `frameworkErrors`), in our shape:
 * a path whose percent-encoding is not UTF-8 text (`%FF`, an encoded lone surrogate), or a
 * parameter longer than the router takes.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  if (error.code === "FST_ERR_BAD_URL") {
    return reply
      .status(400)
      .send({ code: ErrorCodes.VALIDATION, message: CharacterTexts.notAllowed("path") });
  }
  if (error.code === "FST_ERR_MAX_PARAM_LENGTH") {
    return reply
      .status(414)
      .send({ code: ErrorCodes.VALIDATION, message: GenericTexts.pathTooLong });
  }
  request.log.error({ err: error }, "request failed");
  return reply.status(500).send({ code: ErrorCodes.INTERNAL, message: GenericTexts.internal });
}

/** The parser's refusal as an answer: its status and our text. */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return { status: 431, message: GenericTexts.headersTooLarge };
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return { status: 408, message: GenericTexts.requestTimeout };
    // The connection's end came in the middle of a request (a body shorter than announced).
    case "HPE_INVALID_EOF_STATE":
      return { status: 400, message: GenericTexts.truncatedRequest };
    default:
      return { status: 400, message: GenericTexts.malformedRequest };
  }
}

/**
 * What Node's HTTP parser refuses before any route runs (Fastify's `clientErrorHandler`): a
 * control character in a header, broken chunked encoding, a body cut short, headers too large,
 * a request too slow. Answered in our shape on the socket itself — Fastify's default writes
 * `{"error","message","statusCode"}` — then the connection is closed, as the parser cannot
 * tell where the next request would start. Nothing is written over an answer already under
 * way. The log gets the parser's code, never the packet (it may hold a key or a cookie).
 */
export function answerClientError(
  this: FastifyInstance,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const { status, message } = clientErrorAnswer(error.code);
  this.log.info({ code: error.code, status }, "request refused by the HTTP parser");
  const answering = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })
    ._httpMessage;
  if (socket.writable && !answering?.headersSent) {
    const code = CODE_BY_STATUS[status] ?? ErrorCodes.VALIDATION;
    const body = JSON.stringify({ code, message });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * One error shape for every failure: `{ code, message }`; a 5xx never leaks internals. Every
 * route registered after this accepts that shape in its declared error answers.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.addHook("onRoute", acceptErrorShape);
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
    // A value too large for an index the owner declared on the collection (decision 041).
    if (exceedsDeclaredIndex(error)) {
      return reply
        .status(413)
        .send({ code: ErrorCodes.PAYLOAD_TOO_LARGE, message: IndexTexts.entryTooLarge });
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
