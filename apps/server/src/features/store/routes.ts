import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { MODULE_MEDIA_RULES } from "@hybridge/shared/store/media";
import {
  CREATE_MODULE_FILE_FIELDS,
  CREATE_MODULE_TEXT_FIELDS,
  CreateModuleInputSchema,
  IntegrateModuleInputSchema,
  IntegrationResponseSchema,
  IntegrationTargetsResponseSchema,
  ModuleDetailResponseSchema,
  ModuleParamsSchema,
  ModuleResponseSchema,
  ModulesResponseSchema,
  ProjectModuleParamsSchema,
  ProjectModulesParamsSchema,
  ProjectModulesResponseSchema,
} from "@hybridge/shared/store/schemas";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { openMultipartForm, registerMultipart } from "../../platform/multipart-form";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { createModule } from "./create-module";
import { deleteModule } from "./delete-module";
import { getModule } from "./get-module";
import { integrateModule, listIntegrationTargets, listProjectModules } from "./integrate-module";
import { listModules } from "./list-modules";
import { toModule, toModuleSummary } from "./module-view";
import { removeProjectModule } from "./remove-project-module";

/**
 * The store API, for signed-in users only (spec section 2 read as guarded): the modules, newest
 * first; one module with its similar modules; adding a module (multipart, streamed files);
 * deleting one (its author or an admin); integrating one into the user's projects, and
 * removing it from one.
 */
export async function registerStoreRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage } = app.deps;
  // Signed out is answered before anything else: 401, not a 400 about the input.
  app.addHook("onRequest", async (request: FastifyRequest) => {
    await requireUser(request);
  });

  // Multipart only in this scope. Files stream to storage with their own limits; these bound
  // everything else (busboy's fileSize is a backstop above the largest file, the video).
  await registerMultipart(app, {
    fieldNameSize: 100,
    fieldSize: 16 * 1024,
    fields: 10,
    files: 2,
    parts: 14,
    headerPairs: 50,
    fileSize: MODULE_MEDIA_RULES.video.maxBytes + 1,
  });

  r.get(
    "/api/store/modules",
    { schema: { response: { 200: ModulesResponseSchema } } },
    async () => ({ modules: (await listModules({ db })).map(toModuleSummary) }),
  );

  r.post(
    "/api/store/modules",
    {
      onRequest: perAddressLimit(app, app.deps.config.writeRateLimit),
      config: { multipartForm: { textFields: CREATE_MODULE_TEXT_FIELDS } },
      schema: { response: { 201: ModuleResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const form = openMultipartForm(request, {
        fileFields: CREATE_MODULE_FILE_FIELDS,
        maxFiles: 2,
      });
      const input = await form.parseFields(CreateModuleInputSchema);
      const row = await createModule({
        db,
        storage,
        authorId: user.id,
        input,
        files: form.files(),
      });
      return reply.status(201).send({ module: toModule(row, user) });
    },
  );

  r.get(
    "/api/store/modules/:moduleId",
    { schema: { params: ModuleParamsSchema, response: { 200: ModuleDetailResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      const { module, similar } = await getModule({ db, moduleId: request.params.moduleId });
      return { module: toModule(module, user), similar: similar.map(toModuleSummary) };
    },
  );

  r.delete(
    "/api/store/modules/:moduleId",
    { schema: { params: ModuleParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await deleteModule({ db, storage, user, moduleId: request.params.moduleId });
      return { ok: true as const };
    },
  );

  r.get(
    "/api/store/modules/:moduleId/projects",
    {
      schema: {
        params: ModuleParamsSchema,
        response: { 200: IntegrationTargetsResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const projects = await listIntegrationTargets({
        db,
        userId: user.id,
        moduleId: request.params.moduleId,
      });
      return { projects };
    },
  );

  r.post(
    "/api/store/modules/:moduleId/integrations",
    {
      schema: {
        params: ModuleParamsSchema,
        body: IntegrateModuleInputSchema,
        response: { 200: IntegrationResponseSchema, 201: IntegrationResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { integration, created } = await integrateModule({
        db,
        userId: user.id,
        moduleId: request.params.moduleId,
        projectId: request.body.projectId,
      });
      return reply.status(created ? 201 : 200).send({
        integration: {
          projectId: integration.projectId,
          moduleId: integration.moduleId,
          addedAt: integration.addedAt.toISOString(),
        },
        created,
      });
    },
  );

  r.get(
    "/api/store/projects/:projectId/modules",
    {
      schema: {
        params: ProjectModulesParamsSchema,
        response: { 200: ProjectModulesResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      const rows = await listProjectModules({
        db,
        userId: user.id,
        projectId: request.params.projectId,
      });
      return {
        modules: rows.map(({ module, addedAt }) => ({
          ...toModuleSummary(module),
          addedAt: addedAt.toISOString(),
        })),
      };
    },
  );

  r.delete(
    "/api/store/projects/:projectId/modules/:moduleId",
    { schema: { params: ProjectModuleParamsSchema, response: { 200: OkResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      await removeProjectModule({
        db,
        userId: user.id,
        projectId: request.params.projectId,
        moduleId: request.params.moduleId,
      });
      return { ok: true as const };
    },
  );
}
