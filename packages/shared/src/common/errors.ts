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
  /** A documents query ran past its time bound (400): it needs an index or a narrower filter. */
  QUERY_TOO_SLOW: "QUERY_TOO_SLOW",
  /** The database cannot be reached or used right now (503): try again later. */
  UNAVAILABLE: "UNAVAILABLE",
} as const;
export type ErrorCode = (typeof ErrorCodes)[keyof typeof ErrorCodes];
