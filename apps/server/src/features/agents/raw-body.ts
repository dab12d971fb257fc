import { PassThrough, type Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppError } from "../../platform/errors";

/**
 * The raw bodies of the agents API (the built app, a keystore) are streams handed to the route
 * as they arrive (the content type parser passes the request itself). A refusal never reads
 * the rest, and never destroys the request either: that would close the socket before the
 * answer is written, and the machine would see a broken connection instead of its 409 or 400.
 * So the answer is sent first, and closes the connection whenever the body was not read to its
 * end (`platform/early-answer.ts`).
 */
export function registerRawBodies(app: FastifyInstance, contentTypes: readonly string[]) {
  for (const type of contentTypes) {
    app.addContentTypeParser(type, (_request, payload, done) => done(null, payload));
  }
}

/** The request's raw body stream, or null when none came (no body, another content type). */
export function rawBody(request: FastifyRequest): Readable | null {
  const body = request.body as Readable | undefined;
  return body && typeof body.pipe === "function" ? body : null;
}

/** A Content-Length above `maxBytes` is refused before a byte of the body is read. */
export function refuseDeclaredOver(request: FastifyRequest, maxBytes: number, tooLarge: AppError) {
  const declared = Number(request.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge;
}

/**
 * The whole body in memory, up to `maxBytes`: refused before reading when its Content-Length
 * says more, and at the first chunk past the limit when it comes chunked. Reading then stops
 * (the request is paused, so Node stops taking bytes off the socket) and the answer closes the
 * connection: a 300 MB body costs the server about the limit, not 300 MB.
 */
export function readBodyUpTo(
  request: FastifyRequest,
  maxBytes: number,
  errors: { tooLarge: AppError; missing: AppError },
): Promise<Buffer> {
  refuseDeclaredOver(request, maxBytes, errors.tooLarge);
  const body = rawBody(request);
  if (!body) return Promise.reject(errors.missing);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      body.off("data", onData);
      body.off("end", onEnd);
      body.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        body.pause();
        reject(errors.tooLarge);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    body.on("data", onData);
    body.on("end", onEnd);
    body.on("error", onError);
  });
}

/**
 * The body as a stream of its own for a consumer that destroys its source when it gives up
 * (saveUpload does, on a refused first chunk): destroying this one only stops reading the
 * request, which stays open for the answer.
 */
export function detachedBody(body: Readable): Readable {
  const copy = new PassThrough();
  body.on("error", (error) => copy.destroy(error));
  // When `copy` is destroyed, pipe() unpipes and pauses the request.
  return body.pipe(copy);
}
