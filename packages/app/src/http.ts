import { SdkTexts } from "@hybridge/shared/data/texts";
import { HybridgeError } from "./errors";

/**
 * One HTTP call to the Hybridge server: a JSON (or FormData) body, the answer's JSON, and every
 * failure as a HybridgeError (the server's code and message, or NETWORK).
 */
export async function request<T>(
  server: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: unknown; signal?: AbortSignal } = {},
): Promise<T> {
  const { body } = options;
  const isForm = body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`${server}${path}`, {
      method,
      headers: {
        ...options.headers,
        ...(body === undefined || isForm ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: options.signal,
    });
  } catch (error) {
    throw new HybridgeError("NETWORK", SdkTexts.unreachable(server, (error as Error).message));
  }
  const text = await response.text();
  let answer: unknown = null;
  try {
    answer = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: reported below
  }
  if (!response.ok) {
    const { code, message } = (answer ?? {}) as { code?: string; message?: string };
    throw new HybridgeError(
      code ?? "HTTP_ERROR",
      message ?? SdkTexts.httpStatus(response.status),
      response.status,
    );
  }
  return answer as T;
}
