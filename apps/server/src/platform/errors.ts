import { type ErrorCode, ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { errorCodes } from "./db/errors";

const STATUS: Record<ErrorCode, number> = {
  VALIDATION: 400,
  UNAUTHENTICATED: 401,
  REQUIRES_RECENT_LOGIN: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  QUERY_TOO_SLOW: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** The one error type services throw; the error handler turns it into `{ code, message }`. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode | (string & {}),
    message: string,
    status?: number,
  ) {
    super(message);
    this.status = status ?? STATUS[code as ErrorCode] ?? 500;
  }

  static notFound(message: string = GenericTexts.notFound) {
    return new AppError(ErrorCodes.NOT_FOUND, message);
  }
  static unauthenticated(message: string = GenericTexts.unauthenticated) {
    return new AppError(ErrorCodes.UNAUTHENTICATED, message);
  }
  static validation(message: string) {
    return new AppError(ErrorCodes.VALIDATION, message);
  }
  static conflict(message: string) {
    return new AppError(ErrorCodes.CONFLICT, message);
  }
}

/** Postgres unique-violation, as raised by both postgres.js and PGlite. */
export function isUniqueViolation(error: unknown): boolean {
  return errorCodes(error).includes("23505");
}

/**
 * A unique violation of the named constraint, as raised by postgres.js (`constraint_name`) or
 * PGlite (`constraint`), possibly wrapped by Drizzle.
 */
export function isConstraintViolation(error: unknown, constraint: string): boolean {
  if (!isUniqueViolation(error)) return false;
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const fields = e as { constraint?: unknown; constraint_name?: unknown; message?: unknown };
    if (fields.constraint === constraint || fields.constraint_name === constraint) return true;
    if (typeof fields.message === "string" && fields.message.includes(constraint)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
