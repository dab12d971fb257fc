import type { Readable } from "node:stream";
import {
  AgentIdParamsSchema,
  AgentListResponseSchema,
  CreateAgentInputSchema,
  CreateAgentResponseSchema,
} from "@hybridge/shared/agents/admin";
import {
  AgentBuildParamsSchema,
  AgentOkResponseSchema,
  ClaimInputSchema,
  ClaimResponseSchema,
  CompleteInputSchema,
  FailInputSchema,
  KEYSTORE_ALIAS_HEADER,
  KEYSTORE_PASSWORD_HEADER,
  MAX_KEYSTORE_BYTES,
  ProgressInputSchema,
  ProgressResponseSchema,
  ReleaseResponseSchema,
  SigningKeyHeadersSchema,
  SigningKeyResponseSchema,
} from "@hybridge/shared/agents/protocol";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import {
  ReplaceUploadKeyFieldsSchema,
  UPLOAD_KEY_FILE_FIELD,
  UPLOAD_KEY_TEXT_FIELDS,
} from "@hybridge/shared/agents/upload-key";
import {
  KeystorePasswordResponseSchema,
  ProjectIdParamsSchema,
  SigningKeyInfoResponseSchema,
} from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { projects } from "../../platform/db/schema";
import { sendDownload } from "../../platform/download";
import { createEncryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { openMultipartForm, readWholeFile, registerMultipart } from "../../platform/multipart-form";
import { requireOwnedProject } from "../../platform/owned-project";
import { perAddressLimit } from "../../platform/rate-limit";
import { requireUser } from "../../platform/session";
import { requireAgent } from "./agent-auth";
import {
  agentUrls,
  type BundleLookup,
  claimBuild,
  completeBuild,
  failBuild,
  heldBuild,
  type QueueOptions,
  reportProgress,
  startLeaseSweeper,
  storeArtifact,
  type UpdatesLookup,
} from "./build-queue";
import { getSigningKeyInfo } from "./get-signing-key-info";
import { createAgent, listAgents, releaseBuildsOf, revokeAgent } from "./manage-agents";
import { openKeystore, readKeystorePassword } from "./open-keystore";
import {
  detachedBody,
  rawBody,
  readBodyUpTo,
  refuseDeclaredOver,
  registerRawBodies,
} from "./raw-body";
import { createSigningKeyVault } from "./signing-keys";
import { replaceUploadKey, resetUploadKey } from "./upload-key";

/** Raw bodies of the agents API: the built app and the keystore, streamed as they come. */
const RAW_TYPES = ["application/octet-stream", "application/vnd.android.package-archive"];

/**
 * The build machines' API (docs/agents-protocol.md), the admins' management of the machines,
 * and the owner's side of a project's upload key (decision 033). Machines authenticate with their bearer token, never with database credentials.
 * `options.bundleFor`/`openBundle` come from the bundles feature.
 */
export async function registerAgentsRoutes(
  app: FastifyInstance,
  options: {
    bundleFor?: BundleLookup;
    /** The zip of a bundle, by id: the one a build was given at its claim. */
    openBundle?: (bundleId: string) => Promise<{ stream: Readable; size: number } | null>;
    /** A project's update settings for its builds' hybridge.json (the updates feature). */
    updatesFor?: UpdatesLookup;
  } = {},
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, storage, config } = app.deps;
  const queue: QueueOptions = {
    db,
    storage,
    leaseSeconds: config.builds.leaseSeconds,
    maxArtifactBytes: config.builds.maxArtifactBytes,
    maxLogLines: config.builds.maxLogLines,
  };
  const signingKeyEncryption = createEncryption(config.secret, "signingKey");
  /** What the owner's upload key routes answer: the key as it is now. */
  const signingKeyInfo = (userId: string, projectId: string) =>
    getSigningKeyInfo({ db, userId, projectId });
  const vault = createSigningKeyVault(signingKeyEncryption);
  const bundleFor: BundleLookup = options.bundleFor ?? (async () => null);

  // Builds whose machine went silent go back to the queue: checked a few times per lease.
  const sweeper = { stop: () => {} };
  app.addHook("onReady", async () => {
    sweeper.stop = startLeaseSweeper({
      db,
      intervalMs: Math.max(1000, Math.min(5000, (config.builds.leaseSeconds * 1000) / 3)),
      onError: (error) => app.log.error({ err: error }, "the build lease sweep failed"),
    }).stop;
  });
  app.addHook("onClose", async () => sweeper.stop());

  registerRawBodies(app, RAW_TYPES);
  // The owner's keystore (PUT /api/projects/:id/signing-key): two short fields and a small file.
  await registerMultipart(app, {
    fieldNameSize: 100,
    fieldSize: 1024,
    fields: 4,
    files: 1,
    parts: 5,
    headerPairs: 100,
    fileSize: MAX_KEYSTORE_BYTES + 1024,
  });

  // Machines poll and beat every few seconds: their calls are logged only when they fail.
  r.post(
    "/api/agents/claim",
    {
      logLevel: "warn",
      schema: {
        body: ClaimInputSchema,
        response: { 200: ClaimResponseSchema, 204: z.null().describe("Nothing to build now") },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const platforms = request.body.platforms.filter((p) => agent.platforms.includes(p));
      const job =
        platforms.length === 0
          ? null
          : await claimBuild({
              ...queue,
              agentId: agent.id,
              platforms,
              seal: { open: vault.openPassword },
              bundleFor,
              ...(options.updatesFor ? { updatesFor: options.updatesFor } : {}),
            });
      if (!job) return reply.status(204).send(null);
      return { job };
    },
  );

  r.post(
    "/api/agents/builds/:buildId/progress",
    {
      logLevel: "warn",
      schema: {
        params: AgentBuildParamsSchema,
        body: ProgressInputSchema,
        response: { 200: ProgressResponseSchema },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      return reportProgress({
        ...queue,
        agentId: agent.id,
        buildId: request.params.buildId,
        percent: request.body.percent,
        log: request.body.log,
      });
    },
  );

  r.put(
    "/api/agents/builds/:buildId/artifact",
    {
      schema: { params: AgentBuildParamsSchema, response: { 200: AgentOkResponseSchema } },
    },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const maxMb = Math.round(config.builds.maxArtifactBytes / 1024 / 1024);
      refuseDeclaredOver(
        request,
        config.builds.maxArtifactBytes,
        new AppError("PAYLOAD_TOO_LARGE", AgentsTexts.artifactTooLarge(maxMb)),
      );
      await held(request.params.buildId, agent.id);
      const body = rawBody(request);
      if (!body) throw AppError.validation(AgentsTexts.artifactRequired);
      await storeArtifact({
        ...queue,
        agentId: agent.id,
        buildId: request.params.buildId,
        body: detachedBody(body),
      });
      return { ok: true as const };
    },
  );

  r.post(
    "/api/agents/builds/:buildId/complete",
    {
      schema: {
        params: AgentBuildParamsSchema,
        body: CompleteInputSchema,
        response: { 200: AgentOkResponseSchema },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const { seconds } = await completeBuild({
        ...queue,
        agentId: agent.id,
        buildId: request.params.buildId,
        certSha256: request.body.certSha256,
        log: request.body.log,
      });
      app.deps.metrics.buildDuration.observe({ outcome: "ready" }, Number(seconds));
      return { ok: true as const };
    },
  );

  r.post(
    "/api/agents/builds/:buildId/fail",
    {
      schema: {
        params: AgentBuildParamsSchema,
        body: FailInputSchema,
        response: { 200: AgentOkResponseSchema },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const { seconds } = await failBuild({
        ...queue,
        agentId: agent.id,
        buildId: request.params.buildId,
        reason: request.body.reason,
        log: request.body.log,
      });
      app.deps.metrics.buildDuration.observe({ outcome: "failed" }, Number(seconds));
      return { ok: true as const };
    },
  );

  // A machine shutting down (SIGTERM past its stop time) gives its builds back to the queue.
  r.post(
    "/api/agents/release",
    { schema: { response: { 200: ReleaseResponseSchema } } },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const released = await db.transaction((tx) =>
        releaseBuildsOf(tx, agent.id, { countAttempt: false }),
      );
      if (released > 0) request.log.info({ agentId: agent.id, released }, "builds handed back");
      return { released };
    },
  );

  /** The build this machine holds, or 409: its downloads are for the job it was given. */
  async function held(buildId: string, agentId: string) {
    const build = await heldBuild(db, buildId, agentId);
    if (!build) throw new AppError("CONFLICT", AgentsTexts.leaseLost, 409);
    return build;
  }

  const sendBinary = (reply: FastifyReply, contentType: string, size: number, body: unknown) => {
    reply.header("Content-Type", contentType);
    reply.header("Content-Length", size);
    reply.header("Cache-Control", "no-store");
    return reply.send(body);
  };

  r.put(
    "/api/agents/builds/:buildId/signing-key",
    {
      schema: {
        params: AgentBuildParamsSchema,
        headers: SigningKeyHeadersSchema,
        response: { 201: SigningKeyResponseSchema, 409: SigningKeyResponseSchema },
      },
    },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const build = await held(request.params.buildId, agent.id);
      const keystore = await readBodyUpTo(request, MAX_KEYSTORE_BYTES, {
        tooLarge: new AppError("PAYLOAD_TOO_LARGE", AgentsTexts.keystoreTooLarge),
        missing: AppError.validation(AgentsTexts.keystoreRequired),
      });
      const { created, key } = await vault.store(db, build.projectId, {
        keystore,
        password: request.headers[KEYSTORE_PASSWORD_HEADER],
        alias: request.headers[KEYSTORE_ALIAS_HEADER],
      });
      return reply.status(created ? 201 : 409).send({
        signing: {
          keystoreUrl: agentUrls.keystore(build.id),
          password: key.password,
          alias: key.alias,
        },
      });
    },
  );

  r.get(
    "/api/agents/builds/:buildId/signing-key",
    { schema: { params: AgentBuildParamsSchema } },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const build = await held(request.params.buildId, agent.id);
      const key = await vault.find(db, build.projectId);
      if (!key) throw AppError.notFound(AgentsTexts.buildNotFound);
      return sendBinary(reply, "application/x-pkcs12", key.keystore.length, key.keystore);
    },
  );

  r.get(
    "/api/agents/builds/:buildId/icon",
    { schema: { params: AgentBuildParamsSchema } },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const build = await held(request.params.buildId, agent.id);
      const [project] = await db
        .select({ icon: projects.icLaunchFileUrl })
        .from(projects)
        .where(eq(projects.id, build.projectId));
      const opened = project ? await storage.open(project.icon).catch(() => null) : null;
      if (!opened) throw AppError.notFound();
      return sendBinary(reply, "application/octet-stream", opened.size, opened.stream);
    },
  );

  r.get(
    "/api/agents/builds/:buildId/bundle",
    { schema: { params: AgentBuildParamsSchema } },
    async (request, reply) => {
      const agent = await requireAgent(request, reply);
      const build = await held(request.params.buildId, agent.id);
      const opened =
        options.openBundle && build.bundleId ? await options.openBundle(build.bundleId) : null;
      if (!opened) throw AppError.notFound();
      return sendBinary(reply, "application/zip", opened.size, opened.stream);
    },
  );

  // The owner's upload key: what it is, and the keystore's download with its password.
  r.get(
    "/api/projects/:id/signing-key",
    { schema: { params: ProjectIdParamsSchema, response: { 200: SigningKeyInfoResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return signingKeyInfo(user.id, request.params.id);
    },
  );

  r.get(
    "/api/projects/:id/signing-key/keystore",
    { schema: { params: ProjectIdParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      const file = await openKeystore({
        db,
        encryption: signingKeyEncryption,
        userId: user.id,
        projectId: request.params.id,
      });
      return sendDownload(
        reply,
        { stream: file.body, size: file.body.length, fileName: file.fileName },
        "application/x-pkcs12",
      );
    },
  );

  r.get(
    "/api/projects/:id/signing-key/password",
    {
      schema: { params: ProjectIdParamsSchema, response: { 200: KeystorePasswordResponseSchema } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      reply.header("Cache-Control", "no-store");
      return readKeystorePassword({
        db,
        encryption: signingKeyEncryption,
        userId: user.id,
        projectId: request.params.id,
      });
    },
  );

  // Until an Android build is published (decision 033) it is replaced by a keystore of the
  // owner's, or reset (the next build makes one).
  const keyTooLarge = () => new AppError("PAYLOAD_TOO_LARGE", AgentsTexts.keystoreTooLarge);
  r.put(
    "/api/projects/:id/signing-key",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      config: { multipartForm: { textFields: UPLOAD_KEY_TEXT_FIELDS } },
      schema: { params: ProjectIdParamsSchema, response: { 200: SigningKeyInfoResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      const projectId = request.params.id;
      // Another user's project is not read into: 404 at once.
      await requireOwnedProject(db, {
        userId: user.id,
        projectId,
        notFound: BuildsTexts.projectNotFound,
      });
      const form = openMultipartForm(request, {
        fileFields: { [UPLOAD_KEY_FILE_FIELD]: "keystore" as const },
        maxFiles: 1,
      });
      const fields = await form.parseFields(ReplaceUploadKeyFieldsSchema);
      let keystore: Buffer | null = null;
      for await (const file of form.files()) {
        keystore = await readWholeFile(file.stream, MAX_KEYSTORE_BYTES, keyTooLarge);
      }
      if (!keystore) throw AppError.validation(AgentsTexts.keystoreFileRequired);
      await replaceUploadKey({
        db,
        vault,
        userId: user.id,
        projectId,
        key: { keystore, password: fields.password, alias: fields.alias },
      });
      return signingKeyInfo(user.id, projectId);
    },
  );

  r.delete(
    "/api/projects/:id/signing-key",
    {
      onRequest: perAddressLimit(app, config.writeRateLimit),
      schema: { params: ProjectIdParamsSchema, response: { 200: SigningKeyInfoResponseSchema } },
    },
    async (request) => {
      const user = await requireUser(request);
      await resetUploadKey({ db, userId: user.id, projectId: request.params.id });
      return signingKeyInfo(user.id, request.params.id);
    },
  );

  // The admins' screen (/dash): add, list and revoke build machines.
  r.get(
    "/api/admin/agents",
    { schema: { response: { 200: AgentListResponseSchema } } },
    async (request) => {
      const user = await requireUser(request);
      return { agents: await listAgents({ db, user }) };
    },
  );

  r.post(
    "/api/admin/agents",
    { schema: { body: CreateAgentInputSchema, response: { 201: CreateAgentResponseSchema } } },
    async (request, reply) => {
      const user = await requireUser(request);
      return reply.status(201).send(await createAgent({ db, user, input: request.body }));
    },
  );

  r.delete(
    "/api/admin/agents/:agentId",
    { schema: { params: AgentIdParamsSchema } },
    async (request, reply) => {
      const user = await requireUser(request);
      await revokeAgent({ db, user, agentId: request.params.agentId });
      return reply.status(204).send();
    },
  );
}
