import { isUniqueViolation } from "../../platform/errors";

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
