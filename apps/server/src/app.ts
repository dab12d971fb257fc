import fastifyCookie from "@fastify/cookie";
import { DATA_API_PATH } from "@hybridge/shared/data/protocol";
import Fastify, { LogController, type RouteOptions } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { registerAgentsRoutes } from "./features/agents/routes";
import { registerAppUsersRoutes } from "./features/app-users/routes";
import { registerAuditRoutes } from "./features/audit/routes";
import { registerAuthRoutes } from "./features/auth/routes";
import { registerBuildsRoutes } from "./features/builds/routes";
import { bundleSummary, openBundle } from "./features/bundles/open-bundle";
import { registerBundlesRoutes } from "./features/bundles/routes";
import { registerCommunityRoutes } from "./features/community/routes";
import { registerDataRoutes } from "./features/data/routes";
import { registerRulesRoutes } from "./features/data/rules-routes";
import { registerDevAppRoutes } from "./features/dev-app/routes";
import { registerFeedbackRoutes } from "./features/feedback/routes";
import { registerFilesRoutes } from "./features/files/routes";
import { registerProjectsRoutes } from "./features/projects/routes";
import { registerStoreRoutes } from "./features/store/routes";
import { registerTestConsoleRoutes } from "./features/test-console/routes";
import { updatesForFeatures } from "./features/updates/for-features";
import { registerUpdatesRoutes } from "./features/updates/routes";
import { type Auth, createAuth } from "./platform/auth";
import { registerCompression } from "./platform/compression";
import type { Config, TrustProxy } from "./platform/config";
import type { Database, Db } from "./platform/db/client";
import { createDatabaseHealth, type DatabaseHealth } from "./platform/db/database-health";
import { registerEarlyAnswers } from "./platform/early-answer";
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
} from "./platform/error-handler";
import { registerHealthRoutes } from "./platform/health";
import { createLiveHub, type LiveHub } from "./platform/live";
import { createMailer, type Mailer } from "./platform/mail";
import {
  countStorageErrors,
  createMetrics,
  type Metrics,
  registerMetrics,
} from "./platform/metrics";
import { registerOpenApi } from "./platform/openapi";
import { defaultPackagesDir, registerPackages } from "./platform/packages";
import { registerRateLimits } from "./platform/rate-limit";
import { redactSecrets } from "./platform/redact";
import { registerRequestLog } from "./platform/request-log";
import { registerSecurityHeaders } from "./platform/security-headers";
import { serializerCompiler } from "./platform/serializer";
import { defaultWebDistDir } from "./platform/server-root";
import { createSessionReader, type SessionInfo, type SessionReader } from "./platform/session";
import { createDraining, type Draining, registerDraining } from "./platform/shutdown";
import { createStorage, type Storage } from "./platform/storage";
import { registerCharacterChecks, validatorCompiler } from "./platform/validation";
import { registerWeb } from "./platform/web";

export type AppDeps = {
  config: Config;
  db: Db;
  databaseKind: Database["kind"];
  /** Where queries and counts run, bounded without a transaction (Database.queries). */
  queries: Database["queries"];
  /** The database's LISTEN (Database.listen). */
  listen: Database["listen"];
  /** Readiness's database check, and the repair of a schema gone missing. */
  databaseHealth: DatabaseHealth;
  auth: Auth;
  /** The signed-in user of a request, in one query (platform/session.ts). */
  readSession: SessionReader;
  mailer: Mailer;
  storage: Storage;
  live: LiveHub;
  /** What /metrics reports (platform/metrics.ts); the features observe into it. */
  metrics: Metrics;
  /** Set on SIGTERM (main.ts): readiness answers 503, answers close their connections. */
  draining: Draining;
};

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    sessionInfo?: SessionInfo | null;
  }
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where and how much to log; the redacting serializers always apply. */
  log?: { level?: string; stream?: NodeJS.WritableStream };
  /** Sees every route as registered (the route-table tests walk them). */
  onRoute?: (route: RouteOptions) => void;
};

export async function buildApp(options: BuildAppOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: {
      level: options.log?.level ?? config.logLevel,
      ...(options.log?.stream ? { stream: options.log.stream } : {}),
      serializers: {
        req: (req) => ({ method: req.method, url: redactSecrets(req.url), remoteAddress: req.ip }),
      },
      // Credentials travel in URLs (event streams' ?key=, reset tokens) and error messages:
      // every line is cleaned as it is written, whatever wrote it (decision 034).
      hooks: { streamWrite: redactSecrets },
    },
    // One line per request costs a tenth of a simple request's CPU: requestLog below writes
    // only what an operator needs (server errors, refusals, slow requests).
    logController: new LogController({ disableRequestLogging: true }),
    // Rate limits key on the client address: X-Forwarded-For only as far as TRUST_PROXY says.
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Project ids are 101 characters (spec section 3); the default limit (100) answers 414.
    routerOptions: { maxParamLength: 256 },
    frameworkErrors: answerFrameworkError,
    // What the HTTP parser refuses (a control character in a header, broken chunks), in our shape.
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook("onRoute", options.onRoute);
  registerRequestLog(app, { slowMs: config.slowRequestMs });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerCharacterChecks(app);
  registerEarlyAnswers(app);

  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const auth = createAuth({ config, db: database.db, mailer, log: app.log });
  const live = createLiveHub({ onFanOut: (seconds) => metrics.liveFanOut.observe(seconds) });
  const metrics = createMetrics({
    db: database.db,
    databaseKind: database.kind,
    liveStreams: live.streams,
  });
  app.decorate("deps", {
    config,
    db: database.db,
    databaseKind: database.kind,
    queries: database.queries,
    listen: database.listen,
    databaseHealth: createDatabaseHealth({ database, log: app.log }),
    auth,
    readSession: createSessionReader({ auth, db: database.db, secret: config.secret }),
    mailer,
    storage: countStorageErrors(await createStorage(config.storage), metrics.storageErrors),
    live,
    metrics,
    draining: createDraining(),
  });
  // Open event streams would hold the server open: end them first.
  app.addHook("preClose", async () => app.deps.live.closeAll());
  registerDraining(app, app.deps.draining);
  app.addHook("onClose", async () => app.deps.storage.close?.());
  app.decorateRequest("sessionInfo", undefined);

  registerSecurityHeaders(app, {
    publicUrl: config.publicUrl,
  });
  await registerCompression(app);
  await app.register(fastifyCookie);
  await registerRateLimits(app, config.redis);
  registerErrorHandler(app);
  // Before the routes it publishes: it sees them as they are registered.
  registerOpenApi(app, { version: "1.0.0", server: config.publicUrl });

  registerMetrics(app, { metrics, token: config.metrics.token, dataApiPrefix: DATA_API_PATH });
  await app.register(registerHealthRoutes);
  await app.register(registerAuthRoutes);
  await app.register(registerCommunityRoutes);
  await app.register(registerFeedbackRoutes);
  await app.register(registerFilesRoutes);
  await app.register(registerProjectsRoutes);
  await app.register(registerBuildsRoutes);
  const updates = updatesForFeatures({
    db: app.deps.db,
    storage: app.deps.storage,
    secret: config.secret,
    publicUrl: config.publicUrl,
    maxProjectBytes: config.quotas.maxProjectStorageBytes,
  });
  await app.register(registerBundlesRoutes, { deployUpdate: updates.deployUpdate });
  await app.register(registerAgentsRoutes, {
    bundleFor: (bundleId: string) => bundleSummary(app.deps.db, bundleId),
    openBundle: (bundleId: string) => openBundle(app.deps.db, app.deps.storage, bundleId),
    updatesFor: updates.updatesFor,
  });
  await app.register(registerUpdatesRoutes);
  await app.register(registerTestConsoleRoutes);
  await app.register(registerDevAppRoutes);
  await app.register(registerDataRoutes);
  await app.register(registerRulesRoutes);
  await app.register(registerAppUsersRoutes);
  await app.register(registerStoreRoutes);
  await app.register(registerAuditRoutes);

  // The SDK and command-line tarballs come with the web build (npm run build).
  await registerPackages(app, options.serveWeb ? defaultPackagesDir : null);
  await registerWeb(app, options.serveWeb ? (config.webDistDir ?? defaultWebDistDir) : null);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/**
 * Fastify's trustProxy for TRUST_PROXY (decision 034). A hop count is a function: Fastify 5.12
 * and later ignore a plain number (it trusts nothing). The address reached is the right-most
 * entry the trusted proxies wrote, never one the client put before them.
 */
function trustedProxies(trust: TrustProxy) {
  if (trust === false) return false;
  if ("hops" in trust) {
    const { hops } = trust;
    return (_address: string, hop: number) => hop < hops;
  }
  return trust.addresses;
}
