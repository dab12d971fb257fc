import { ProjectIdParamsSchema } from "@hybridge/shared/builds/schemas";
import { ICON_RULES } from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import {
  DecryptInputSchema,
  DecryptResponseSchema,
  EncryptInputSchema,
  EncryptResponseSchema,
} from "@hybridge/shared/projects/functions";
import {
  AccountUsageResponseSchema,
  ProjectUsageResponseSchema,
} from "@hybridge/shared/projects/quotas";
import {
  CodeAvailabilityQuerySchema,
  CodeAvailabilityResponseSchema,
  CREATE_PROJECT_FILE_FIELDS,
  CREATE_PROJECT_TEXT_FIELDS,
  CreateProjectInputSchema,
  ProjectIconParamsSchema,
  ProjectParamsSchema,
  ProjectResponseSchema,
  ProjectSettingsResponseSchema,
  ProjectSummaryResponseSchema,
  ProjectsResponseSchema,
  stripSpaces,
  TestKeySwitchInputSchema,
  TestKeySwitchResponseSchema,
  UpdateProjectInputSchema,
} from "@hybridge/shared/projects/schemas";
import { FunctionsTexts, ProjectsTexts } from "@hybridge/shared/projects/texts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { createEncryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { openMultipartForm, registerMultipart } from "../../platform/multipart-form";
import { requireOwnedProject } from "../../platform/owned-project";
import { perAddressLimit } from "../../platform/rate-limit";
import { getSession } from "../../platform/session";
import { createProject } from "./create-project";
import { getProjectSummary } from "./get-project-summary";
import { isAppCodeAvailable } from "./is-app-code-available";
import { listProjects } from "./list-projects";
import {
  dropUnshownKeys,
  regenerateDatabaseKey,
  setTestKeyEnabled,
  viewProjectSettings,
} from "./project-settings";
import { getAccountUsage, getProjectUsage } from "./project-usage";
import { toProject, toProjectListItem, toSettings } from "./project-view";
import { replaceProjectIcon, updateProject } from "./update-project";

/** The signed-in user, or a 401 carrying the screen's own wording. */
async function requireUserWith(request: FastifyRequest, message?: string) {
  const session = await getSession(request);
  if (!session) throw AppError.unauthenticated(message);
  return session.user;
}

/** How often the sealed keys kept past their time are dropped (project-settings.ts). */
const DROP_UNSHOWN_KEYS_EVERY_MS = 60 * 60 * 1000;

/** Drops expired sealed keys at start and every hour, until the server closes. */
function scheduleUnshownKeysDrop(app: FastifyInstance) {
  let running: Promise<unknown> = Promise.resolve();
  const drop = () => {
    running = dropUnshownKeys({ db: app.deps.db }).catch((err: unknown) =>
      app.log.error({ err }, "dropping unshown database keys failed"),
    );
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await drop();
    timer = setInterval(drop, DROP_UNSHOWN_KEYS_EVERY_MS).unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}

/**
 * The projects API: the owner's app projects (list, create, read, update, icons), their
 * settings (database key shown once, regenerated on demand, switched off or on) and the
 * encryption function.
 * Every project route is scoped to its owner: another user's project answers 404.
 */
export async function registerProjectsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const encryption = createEncryption(config.secret);
  const keySeal = createEncryption(config.secret, "databaseKeySeal");
  scheduleUnshownKeysDrop(app);

  // Multipart only in this scope. Files stream to storage with their own per-icon limits;
  // these bound everything else (busboy's fileSize is a backstop above the largest icon).
  await registerMultipart(app, {
    fieldNameSize: 100,
    fieldSize: 4 * 1024,
    fields: 20,
    files: 2,
    parts: 25,
    headerPairs: 50,
    fileSize: ICON_RULES.launch.maxBytes + 1,
  });

  r.get(
    "/api/projects",
    { schema: { response: { 200: ProjectsResponseSchema } } },
    async (request) => {
      const user = await requireUserWith(request);
      const rows = await listProjects({ db, userId: user.id });
      return { projects: rows.map(toProjectListItem) };
    },
  );

  r.get(
    "/api/projects/code-available",
    {
      onRequest: perAddressLimit(app, { max: 120, windowSeconds: 60 }),
      schema: {
        querystring: CodeAvailabilityQuerySchema,
        response: { 200: CodeAvailabilityResponseSchema },
      },
    },
    async (request) => {
      await requireUserWith(request);
      const code = stripSpaces(request.query.code);
      return { code, available: code !== "" && (await isAppCodeAvailable({ db, code })) };
    },
  );

  // What the owner's account and projects keep against their quotas (decision 035).
  r.get(
    "/api/projects/usage",
    { schema: { response: { 200: AccountUsageResponseSchema } } },
    async (request) => {
      const user = await requireUserWith(request);
      return { usage: await getAccountUsage({ db, userId: user.id, quotas: config.quotas }) };
    },
  );

  r.get(
    "/api/projects/:id/usage",
    { schema: { params: ProjectParamsSchema, response: { 200: ProjectUsageResponseSchema } } },
    async (request) => {
      const user = await requireUserWith(request);
      return {
        usage: await getProjectUsage({
          db,
          userId: user.id,
          projectId: request.params.id,
          quotas: config.quotas,
        }),
      };
    },
  );

  r.post(
    "/api/projects",
    {
      config: { multipartForm: { textFields: CREATE_PROJECT_TEXT_FIELDS } },
      schema: { response: { 201: ProjectResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUserWith(request, ProjectsTexts.mustBeLoggedInToCreate);
      const form = openMultipartForm(request, {
        fileFields: CREATE_PROJECT_FILE_FIELDS,
        maxFiles: 2,
        duplicateFileMessage: FilesTexts.oneFilePerField,
      });
      const input = await form.parseFields(CreateProjectInputSchema);
      const project = await createProject({
        db,
        storage,
        owner: user,
        input,
        icons: form.files(),
        encrypt: encryption.encrypt,
        sealKey: keySeal.encrypt,
        maxProjects: config.quotas.maxProjectsPerUser,
      });
      return reply.status(201).send({ project: toProject(project) });
    },
  );

  r.get(
    "/api/projects/:id",
    { schema: { params: ProjectParamsSchema, response: { 200: ProjectResponseSchema } } },
    async (request) => {
      const user = await requireUserWith(request);
      const row = await requireOwnedProject(db, {
        userId: user.id,
        projectId: request.params.id,
        notFound: ProjectsTexts.invalidProjectId,
      });
      return { project: toProject(row) };
    },
  );

  // The project page's header, under the builds' path where the page has always read it.
  r.get(
    "/api/projects/:id/builds/summary",
    { schema: { params: ProjectIdParamsSchema, response: { 200: ProjectSummaryResponseSchema } } },
    async (request) => {
      const user = await requireUserWith(request);
      return {
        project: await getProjectSummary({ db, userId: user.id, projectId: request.params.id }),
      };
    },
  );

  r.patch(
    "/api/projects/:id",
    {
      schema: {
        params: ProjectParamsSchema,
        body: UpdateProjectInputSchema,
        response: { 200: ProjectResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUserWith(request, ProjectsTexts.notConnected);
      const row = await updateProject({
        db,
        userId: user.id,
        projectId: request.params.id,
        input: request.body,
      });
      return { project: toProject(row) };
    },
  );

  r.put(
    "/api/projects/:id/icons/:kind",
    {
      config: { multipartForm: { textFields: [] } },
      schema: { params: ProjectIconParamsSchema, response: { 200: ProjectResponseSchema } },
    },
    async (request) => {
      const user = await requireUserWith(request, ProjectsTexts.notConnected);
      const { id, kind } = request.params;
      const form = openMultipartForm(request, {
        fileFields: { file: kind },
        maxFiles: 1,
        duplicateFileMessage: FilesTexts.oneFilePerField,
      });
      await form.readFields();
      const row = await replaceProjectIcon({
        db,
        storage,
        userId: user.id,
        projectId: id,
        kind,
        uploads: form.files(),
      });
      return { project: toProject(row) };
    },
  );

  r.get(
    "/api/projects/:id/settings",
    {
      schema: { params: ProjectParamsSchema, response: { 200: ProjectSettingsResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUserWith(request);
      const { row, databaseKey } = await viewProjectSettings({
        db,
        keySeal,
        userId: user.id,
        projectId: request.params.id,
      });
      // The answer may hold the clear key: no cache may keep it.
      reply.header("Cache-Control", "no-store");
      return { settings: toSettings(row, databaseKey) };
    },
  );

  r.post(
    "/api/projects/:id/settings/database-key",
    {
      schema: { params: ProjectParamsSchema, response: { 200: ProjectSettingsResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUserWith(request);
      const { row, databaseKey } = await regenerateDatabaseKey({
        db,
        userId: user.id,
        projectId: request.params.id,
      });
      reply.header("Cache-Control", "no-store");
      return { settings: toSettings(row, databaseKey) };
    },
  );

  // The Test Mode key's switch (the owner's only: another user's project answers 404).
  r.put(
    "/api/projects/:id/settings/test-key",
    {
      schema: {
        params: ProjectParamsSchema,
        body: TestKeySwitchInputSchema,
        response: { 200: TestKeySwitchResponseSchema },
      },
    },
    async (request) => {
      const user = await requireUserWith(request);
      return setTestKeyEnabled({
        db,
        userId: user.id,
        projectId: request.params.id,
        enabled: request.body.enabled,
      });
    },
  );

  // The encryption function (spec section 7) and its decrypt twin, for signed-in users: a text
  // is encrypted for the caller, and decrypts for the caller only (encryption.ts).
  const functionsLimit = perAddressLimit(app, config.writeRateLimit);
  r.post(
    "/api/functions/encrypt",
    {
      onRequest: functionsLimit,
      schema: {
        body: EncryptInputSchema,
        response: { 200: EncryptResponseSchema, 500: EncryptResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUserWith(request);
      try {
        return {
          success: true,
          texteChiffre: encryption.encrypt(request.body.texte, user.id),
          error: null,
        };
      } catch (error) {
        request.log.error({ err: error }, "encryption failed");
        return reply
          .status(500)
          .send({ success: false, texteChiffre: null, error: ProjectsTexts.encryptionFailed });
      }
    },
  );

  r.post(
    "/api/functions/decrypt",
    {
      onRequest: functionsLimit,
      schema: {
        body: DecryptInputSchema,
        response: { 200: DecryptResponseSchema, 400: DecryptResponseSchema },
      },
    },
    async (request, reply) => {
      const user = await requireUserWith(request);
      const texte = encryption.decrypt(request.body.texteChiffre, user.id);
      if (texte === null) {
        return reply
          .status(400)
          .send({ success: false, texte: null, error: FunctionsTexts.decryptFailed });
      }
      return { success: true, texte, error: null };
    },
  );
}
