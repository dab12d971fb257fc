import {
  BUNDLE_FILE_FIELD,
  BundleListResponseSchema,
  BundleParamsSchema,
  BundleProjectParamsSchema,
  BundleResponseSchema,
  CreateDeployTokenInputSchema,
  CreateDeployTokenResponseSchema,
  DEPLOY_PATH,
  DeployResponseSchema,
  DeployTargetResponseSchema,
  DeployTokenListResponseSchema,
  DeployTokenParamsSchema,
} from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import {
  type DeployUpdateFields,
  DeployUpdateFieldsSchema,
  type Update,
} from "@hybridge/shared/updates/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import { recordDeployTokenUse, requireDeployToken } from "../../platform/deploy-token";
import { AppError } from "../../platform/errors";
import { openMultipartForm, registerMultipart } from "../../platform/multipart-form";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { createBundleAddressScanner } from "./bundle-server-addresses";
import { deleteBundle } from "./delete-bundle";
import { createDeployToken, listDeployTokens, revokeDeployToken } from "./deploy-tokens";
import { listBundles } from "./list-bundles";
import { uploadBundle } from "./upload-bundle";

/** The console's upload takes the file alone. */
const NoFieldsSchema = z.object({});

/**
 * A project's web bundles: upload (multipart, streamed and checked), list, delete; deploy tokens
 * (list, create, revoke) and the deploy itself (`hybridge deploy`: the same upload, authorised by
 * a deploy token instead of a session).
 */
/** Makes the deploy's over-the-air update (the updates feature, given by app.ts). */
export type DeployUpdate = (input: {
  projectId: string;
  ownerId: string;
  bundleId: string;
  fields: DeployUpdateFields;
}) => Promise<Update>;

export async function registerBundlesRoutes(
  app: FastifyInstance,
  options: { deployUpdate?: DeployUpdate } = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const addresses = createBundleAddressScanner({ db, storage });
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
      const bundles = await listBundles({ db, userId: user.id, projectId: request.params.id });
      const [next, ...older] = bundles;
      return { bundles: next ? [await addresses.withServerAddresses(next), ...older] : [] };
    },
  );

  /** The one uploaded zip of a bundle form, checked and stored for the project. */
  const receiveBundle = async (
    request: FastifyRequest,
    userId: string,
    projectId: string,
    readFields: (form: { parseFields: <T>(schema: ZodType<T>) => Promise<T> }) => Promise<unknown>,
  ) => {
    const form = openMultipartForm(request, {
      fileFields: { [BUNDLE_FILE_FIELD]: "bundle" as const },
      maxFiles: 1,
    });
    await readFields(form);
    for await (const file of form.files()) {
      return uploadBundle({
        db,
        storage,
        userId,
        projectId,
        upload: file,
        limits: config.bundles,
        quotas: {
          keep: config.quotas.bundlesKeptPerProject,
          maxProjectBytes: config.quotas.maxProjectStorageBytes,
        },
      });
    }
    throw AppError.validation(BundlesTexts.fileRequired);
  };

  r.post(
    "/api/projects/:id/bundles",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      config: { multipartForm: { textFields: [] } },
      schema: { params: BundleProjectParamsSchema, response: { 201: BundleResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const bundle = await receiveBundle(request, user.id, request.params.id, (form) =>
        form.parseFields(NoFieldsSchema),
      );
      return reply.status(201).send({ bundle: await addresses.withServerAddresses(bundle) });
    },
  );

  r.post(
    DEPLOY_PATH,
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      config: { multipartForm: { textFields: ["channel", "rolloutPercent", "message"] } },
      schema: { response: { 201: DeployResponseSchema } },
    },
    async (request, reply) => {
      const target = await requireDeployToken(request, reply);
      let fields: DeployUpdateFields = {};
      const bundle = await receiveBundle(
        request,
        target.ownerId,
        target.projectId,
        async (form) => {
          fields = await form.parseFields(DeployUpdateFieldsSchema);
        },
      );
      // The deploy reaches installed apps too: an update on its channel (decision 051).
      const update = options.deployUpdate
        ? await options.deployUpdate({
            projectId: target.projectId,
            ownerId: target.ownerId,
            bundleId: bundle.id,
            fields,
          })
        : undefined;
      await recordDeployTokenUse(db, target.tokenId);
      return reply.status(201).send({
        bundle: await addresses.withServerAddresses(bundle),
        project: { id: target.projectId, name: target.projectName },
        ...(update ? { update } : {}),
      });
    },
  );

  // `hybridge deploy` asks first whether its token is good: a refusal is then an answer, not an
  // upload broken off by the server answering 401 before reading it.
  r.get(
    DEPLOY_PATH,
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: { response: { 200: DeployTargetResponseSchema } },
    },
    async (request, reply) => {
      const target = await requireDeployToken(request, reply);
      reply.header("Cache-Control", "no-store");
      return { project: { id: target.projectId, name: target.projectName } };
    },
  );

  r.get(
    "/api/projects/:id/deploy-tokens",
    {
      schema: {
        params: BundleProjectParamsSchema,
        response: { 200: DeployTokenListResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return {
        tokens: await listDeployTokens({ db, userId: user.id, projectId: request.params.id }),
      };
    },
  );

  r.post(
    "/api/projects/:id/deploy-tokens",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: {
        params: BundleProjectParamsSchema,
        body: CreateDeployTokenInputSchema,
        response: { 201: CreateDeployTokenResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const created = await createDeployToken({
        db,
        userId: user.id,
        projectId: request.params.id,
        input: request.body,
      });
      return reply.status(201).send(created);
    },
  );

  r.delete(
    "/api/projects/:id/deploy-tokens/:tokenId",
    { schema: { params: DeployTokenParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await revokeDeployToken({
        db,
        userId: user.id,
        projectId: request.params.id,
        tokenId: request.params.tokenId,
      });
      return reply.status(204).send();
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
