import type { FastifyReply } from "fastify";

/** An app code kept to safe characters, as the name of a file downloaded for the app starts. */
export function downloadFileStem(appKey: string) {
  const safe = appKey.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "app";
  return safe.slice(0, 60);
}

/** Sends a file to be saved under `fileName`, never cached nor sniffed. */
export function sendDownload(
  reply: FastifyReply,
  file: { stream: unknown; size: number; fileName: string },
  contentType: string,
) {
  reply.header("Content-Type", contentType);
  reply.header("Content-Length", file.size);
  reply.header("Content-Disposition", `attachment; filename="${file.fileName}"`);
  reply.header("Cache-Control", "private, no-store");
  reply.header("X-Content-Type-Options", "nosniff");
  return reply.send(file.stream);
}
