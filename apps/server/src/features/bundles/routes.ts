import {
  BUNDLE_FILE_FIELD,
  BundleListResponseSchema,
  BundleParamsSchema,
  BundleProjectParamsSchema,
  BundleResponseSchema,
} from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/errors";
import { openMultipartForm, registerMultipart } from "../../platform/multipart-form";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { deleteBundle, listBundles, uploadBundle } from "./bundles";

/** A project's web bundles: upload (multipart, streamed and checked), list, delete. */
export async function registerBundlesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  await registerMultipart(app, {
    fieldNameSize: 100,
    fieldSize: 1024,
    fields: 5,
    files: 1,
    parts: 6,
    headerPairs: 100,
    fileSize: config.bundles.maxUnpackedBytes + 4 * 1024 * 1024,
  });

  r.get(
    "/api/projects/:id/bundles",
    { schema: { params: BundleProjectParamsSchema, response: { 200: BundleListResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { bundles: await listBundles({ db, userId: user.id, projectId: request.params.id }) };
    },
  );

  r.post(
    "/api/projects/:id/bundles",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      config: { multipartForm: { textFields: [] } },
      schema: { params: BundleProjectParamsSchema, response: { 201: BundleResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const form = openMultipartForm(request, {
        fileFields: { [BUNDLE_FILE_FIELD]: "bundle" as const },
        maxFiles: 1,
      });
      await form.readFields();
      for await (const file of form.files()) {
        const bundle = await uploadBundle({
          db,
          storage,
          userId: user.id,
          projectId: request.params.id,
          upload: file,
          limits: config.bundles,
        });
        return reply.status(201).send({ bundle });
      }
      throw AppError.validation(BundlesTexts.fileRequired);
    },
  );

  r.delete(
    "/api/projects/:id/bundles/:bundleId",
    { schema: { params: BundleParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await deleteBundle({
        db,
        storage,
        userId: user.id,
        projectId: request.params.id,
        bundleId: request.params.bundleId,
      });
      return reply.status(204).send();
    },
  );
}
