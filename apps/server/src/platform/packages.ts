import { createReadStream, existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { serverRoot } from "./server-root";

/** Where `npm run build` writes the npm tarballs of the SDK and the command line. */
export const defaultPackagesDir = path.join(serverRoot, "dist/packages");
/** The address they are served under: `<PUBLIC_URL>/cli/create-hybridge.tgz`… */
export const PACKAGES_PATH = "/cli";

const FileParamsSchema = z.object({ file: z.string().max(100) });

/**
 * The npm tarballs of `create-hybridge`, `@hybridge/cli` and `@hybridge/app`, built from the
 * workspace (scripts/pack-packages.mjs), so that `npx <server>/cli/create-hybridge.tgz` and the
 * scaffold's dependencies install from this server without a public registry (decision 028).
 * The folder is read once at start; anything else answers 404.
 */
export async function registerPackages(app: FastifyInstance, dir: string | null) {
  const files = new Map<string, { file: string; size: number }>();
  if (dir && existsSync(dir)) {
    for (const name of readdirSync(dir)) {
      if (!/^[a-z0-9-]+\.tgz$/.test(name)) continue;
      const file = path.join(dir, name);
      files.set(name, { file, size: statSync(file).size });
    }
  }
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${PACKAGES_PATH}/:file`,
      { schema: { params: FileParamsSchema } },
      async (request, reply) => {
        const found = files.get(request.params.file);
        if (!found) {
          return reply
            .status(404)
            .send({ code: ErrorCodes.NOT_FOUND, message: GenericTexts.notFound });
        }
        return reply
          .type("application/gzip")
          .header("Content-Length", found.size)
          .header("Cache-Control", "no-cache")
          .send(createReadStream(found.file));
      },
    );
}
