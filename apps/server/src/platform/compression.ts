import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * Responses of the API larger than this are compressed; smaller ones cost more to compress than
 * they save (docs/decisions/025-public-pages-without-hydration.md).
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * What is compressed on the fly: JSON and text answers. Not event streams (an SSE stream must
 * reach the browser event by event, not when a compression block fills), not files (uploaded
 * ones are images and archives; the web build brings its own brotli and gzip copies, see
 * web.ts), and nothing already encoded.
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]*\+)?json|text\/(?!event-stream)[\w.+-]+)(?:;|$)/;

/** Compresses the API's larger JSON answers (brotli, fast settings; gzip for the rest). */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    customTypes: COMPRESSIBLE,
    // Quality 4: most of brotli's gain at a fraction of its best setting's time, per request.
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
