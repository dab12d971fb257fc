import { ErrorCodes, ErrorResponseSchema } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import type { z } from "zod";

/** Not one of the server's codes: the request never got an answer. */
export const NETWORK_ERROR = "NETWORK_ERROR";

/** The server's `{ code, message }` error body, back as an error; `message` is user-facing. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly code: string;

  constructor(options: { status: number; code: string; message: string }) {
    super(options.message);
    this.status = options.status;
    this.code = options.code;
  }
}

export function isApiError(error: unknown, code?: string): error is ApiError {
  return error instanceof ApiError && (code === undefined || error.code === code);
}

/** The text to show for any error thrown by a request: the server's message when it sent one. */
export function errorMessage(error: unknown, fallback: string = GenericTexts.internal): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The text for a failed request on a screen whose spec lists its own texts ("…; else 'Failed to
 * change password.'"): `known` gives the text of each error code the screen expects, or `true`
 * to show the server's own message for that code (e.g. VALIDATION, whose messages are the
 * schema's user-facing texts). Any other failure — a 500, a rate limit, no network — gets
 * `fallback`, never the generic server text.
 */
export function errorTextFor(
  error: unknown,
  known: Readonly<Record<string, string | true>>,
  fallback: string,
): string {
  if (!(error instanceof ApiError) || !Object.hasOwn(known, error.code)) return fallback;
  const text = known[error.code];
  return text === true ? error.message : (text ?? fallback);
}

type RequestOptions<T> = {
  body?: unknown;
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
};

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function request<T>(method: string, path: string, options: RequestOptions<T>): Promise<T> {
  const headers: Record<string, string> = { Accept: "application/json" };
  const init: RequestInit = { method, headers, credentials: "include", signal: options.signal };
  // A content type only with a body: the server rejects an empty JSON body.
  if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: NETWORK_ERROR, message: GenericTexts.networkError });
  }

  const body = await readBody(response);
  if (!response.ok) {
    const parsed = ErrorResponseSchema.safeParse(body);
    throw new ApiError(
      parsed.success
        ? { status: response.status, ...parsed.data }
        : { status: response.status, code: ErrorCodes.INTERNAL, message: GenericTexts.internal },
    );
  }
  if (!options.schema) return body as T;
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: ErrorCodes.INTERNAL,
      message: GenericTexts.internal,
    });
  }
  return parsed.data;
}

/** Same-origin JSON requests with the session cookie; failures throw `ApiError`. */
export const apiClient = {
  get: <T>(path: string, schema?: z.ZodType<T>, options: { signal?: AbortSignal } = {}) =>
    request<T>("GET", path, { schema, ...options }),
  post: <T>(path: string, body: unknown, schema?: z.ZodType<T>) =>
    request<T>("POST", path, { body, schema }),
  put: <T>(path: string, body: unknown, schema?: z.ZodType<T>) =>
    request<T>("PUT", path, { body, schema }),
  patch: <T>(path: string, body: unknown, schema?: z.ZodType<T>) =>
    request<T>("PATCH", path, { body, schema }),
  delete: <T>(path: string, schema?: z.ZodType<T>) => request<T>("DELETE", path, { schema }),
};
