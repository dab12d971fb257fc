import { readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_ICONS } from "@hybridge/shared/files/icons";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { storedFiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { serverRoot } from "../../platform/server-root";
import { requireUser } from "../../platform/session";

/** SVGs are documents: opened on their own, they run nothing and load nothing. */
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const assetsDir = path.join(serverRoot, "assets");
const DEFAULT_FILES = {
  [DEFAULT_ICONS.launch]: { contentType: "image/png", file: "default.png" },
  [DEFAULT_ICONS.notification]: { contentType: "image/svg+xml", file: "default.svg" },
} as const;

const FileParamsSchema = z.object({ "*": z.string().max(300) });

function fileHeaders(reply: FastifyReply, contentType: string) {
  reply.header("Content-Type", contentType);
  reply.header("X-Content-Type-Options", "nosniff");
  reply.header("Content-Disposition", "inline");
  if (contentType === "image/svg+xml") reply.header("Content-Security-Policy", SVG_CSP);
}

/**
 * Stored files (app icons, store media) and the two default icons, at /api/files/<key>, with
 * their true content type. The defaults are public; every stored file needs an account, as the
 * pages that show them do (a signed-out visitor gets 401 before any lookup, so it learns nothing
 * about which keys exist). A file with an owner is served to that owner only (anyone else gets
 * 404, as for a file that does not exist); files without an owner (store media) to every
 * signed-in user. See docs/decisions/016-files-at-rest.md.
 */
export async function registerFilesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;
  const defaults = new Map(
    Object.entries(DEFAULT_FILES).map(([key, { contentType, file }]) => [
      key,
      { contentType, body: readFileSync(path.join(assetsDir, file)) },
    ]),
  );

  r.get("/api/files/*", { schema: { params: FileParamsSchema } }, async (request, reply) => {
    const key = request.params["*"];
    const fallback = defaults.get(key);
    if (fallback) {
      fileHeaders(reply, fallback.contentType);
      reply.header("Cache-Control", "public, max-age=86400");
      return reply.send(fallback.body);
    }

    const user = await requireUser(request);
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.key, key)).limit(1);
    if (!file) throw AppError.notFound();
    if (file.ownerId !== null && file.ownerId !== user.id) throw AppError.notFound();
    const opened = await storage.open(key);
    if (!opened) throw AppError.notFound();
    fileHeaders(reply, file.contentType);
    reply.header("Content-Length", opened.size);
    // Keys are never reused (a replaced icon gets a new key): the browser may keep its copy,
    // but no shared cache may, since the answer depends on the session.
    reply.header("Cache-Control", "private, max-age=31536000, immutable");
    return reply.send(opened.stream);
  });
}
