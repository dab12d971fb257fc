import { z } from "zod";

/** Every error the API returns has this one shape. */
export const ErrorResponseSchema = z.object({
  code: z.string(),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;

/** Error codes shared by server and client; the server maps each to an HTTP status. */
export const ErrorCodes = {
  VALIDATION: "VALIDATION",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "RATE_LIMITED",
  REQUIRES_RECENT_LOGIN: "REQUIRES_RECENT_LOGIN",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  INTERNAL: "INTERNAL",
  /** The database cannot be reached or used right now (503): try again later. */
  UNAVAILABLE: "UNAVAILABLE",
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];

export const GenericTexts = {
  internal: "An unexpected error occurred. Please try again.",
  unavailable: "The service is temporarily unavailable. Please try again in a moment.",
  notFound: "Not found",
  unauthenticated: "Not Logged In - You must be logged in to proceed.",
  rateLimited: "Too many attempts. Please wait a moment and try again.",
  invalidInput: "The request is not valid.",
  /** The apps' own calls (dev config, installs): a missing or wrong key, or an unknown app. */
  databaseKeyRequired: "A valid database key is required.",
  pathTooLong: "path: is too long.",
  /** What the HTTP parser refuses before any route runs (error-handler.ts, answerClientError). */
  malformedRequest: "The request could not be read: it is not well-formed HTTP.",
  truncatedRequest: "The request ended before its body was whole. Please send it again.",
  headersTooLarge: "The request's headers are too large.",
  requestTimeout: "The request took too long to arrive. Please send it again.",
} as const;
