import { ErrorCodes, ErrorResponseSchema } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import type { z } from "zod";
import { ApiError, NETWORK_ERROR } from "./api-client";

export type UploadProgress = { loaded: number; total: number; fraction: number };

function parse(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends a multipart form (files included) with the session cookie and reports the upload's
 * progress. XMLHttpRequest, because fetch cannot report upload progress. Failures throw the
 * same ApiError as apiClient; an abort rejects with an AbortError.
 */
export function sendForm<T>(options: {
  method: "POST" | "PUT";
  url: string;
  body: FormData;
  schema?: z.ZodType<T>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<T> {
  const { method, url, body, schema, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (!event.lengthComputable || !onProgress) return;
      onProgress({
        loaded: event.loaded,
        total: event.total,
        fraction: event.total > 0 ? event.loaded / event.total : 0,
      });
    };
    xhr.onload = () => {
      const data = parse(xhr.responseText);
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = ErrorResponseSchema.safeParse(data);
        reject(
          new ApiError(
            error.success
              ? { status: xhr.status, ...error.data }
              : { status: xhr.status, code: ErrorCodes.INTERNAL, message: GenericTexts.internal },
          ),
        );
        return;
      }
      if (!schema) {
        resolve(data as T);
        return;
      }
      const parsed = schema.safeParse(data);
      if (parsed.success) resolve(parsed.data);
      else
        reject(
          new ApiError({
            status: xhr.status,
            code: ErrorCodes.INTERNAL,
            message: GenericTexts.internal,
          }),
        );
    };
    xhr.onerror = () =>
      reject(new ApiError({ status: 0, code: NETWORK_ERROR, message: GenericTexts.networkError }));
    xhr.onabort = () => reject(new DOMException(GenericTexts.uploadCancelled, "AbortError"));
    if (signal) {
      if (signal.aborted) {
        xhr.abort();
        return;
      }
      signal.addEventListener("abort", () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
