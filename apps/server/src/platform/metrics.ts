import { createHash, timingSafeEqual } from "node:crypto";
import { MetricsTexts } from "@hybridge/shared/common/texts";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database, Db } from "./db/client";
import { POOL_SIZES } from "./db/client";
import { builds } from "./db/schema";
import { AppError } from "./errors";
import type { Storage } from "./storage";
import { UploadTooLargeError } from "./storage";

/**
 * What an operator scrapes at /metrics (decision 062), in Prometheus' text format, made with
 * prom-client. One registry per app (tests run several in one process); each instance exposes
 * its own numbers. Labels hold route patterns, methods, statuses and outcomes: never a URL, an
 * id or a key.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** How long a scrape's build-queue reading is reused: a burst of scrapers costs one query. */
const QUEUE_CACHE_MS = 5000;

/** Seconds: from a cached static file to a slow upload. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds: a web bundle wrapped in an APK takes from seconds to many minutes. */
const BUILD_BUCKETS = [10, 30, 60, 120, 300, 600, 1200, 1800, 3600];
/** Seconds: handing one event to every open stream of a channel. */
const FAN_OUT_BUCKETS = [0.00001, 0.0001, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5];

export function createMetrics(options: {
  db: Db;
  databaseKind: Database["kind"];
  /** Open event streams now (LiveHub.streams). */
  liveStreams: () => number;
}) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const httpRequests = new Histogram({
    name: "hybridge_http_request_duration_seconds",
    help: "Requests answered, by method, route pattern and status, with their duration (its _count counts requests).",
    labelNames: ["method", "route", "status"] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  });
  const buildDuration = new Histogram({
    name: "hybridge_build_duration_seconds",
    help: "Builds finished by a build machine, from its claim to its report, by outcome (ready, failed).",
    labelNames: ["outcome"] as const,
    buckets: BUILD_BUCKETS,
    registers: [registry],
  });
  const liveFanOut = new Histogram({
    name: "hybridge_live_fan_out_seconds",
    help: "Time to hand one live event to every stream subscribed to its channel.",
    buckets: FAN_OUT_BUCKETS,
    registers: [registry],
  });
  const dataOperations = new Counter({
    name: "hybridge_data_operations_total",
    help: "Database API calls (the apps'), by operation and outcome (ok, refused, error).",
    labelNames: ["operation", "outcome"] as const,
    registers: [registry],
  });
  const storageErrors = new Counter({
    name: "hybridge_storage_errors_total",
    help: "Calls to the file storage (local disk or S3) that failed, by operation.",
    labelNames: ["operation"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "hybridge_live_streams",
    help: "Open live-event (server-sent events) streams on this instance.",
    registers: [registry],
    collect() {
      this.set(options.liveStreams());
    },
  });

  const readQueue = cachedQueueReading(options.db);
  new Gauge({
    name: "hybridge_build_queue_depth",
    help: "Builds waiting for a build machine (the database's: the same on every instance).",
    registers: [registry],
    async collect() {
      this.set((await readQueue()).depth);
    },
  });
  new Gauge({
    name: "hybridge_build_queue_oldest_wait_seconds",
    help: "How long the oldest waiting build has waited (0 when none waits).",
    registers: [registry],
    async collect() {
      this.set((await readQueue()).oldestWaitSeconds);
    },
  });
  const pool = new Gauge({
    name: "hybridge_database_pool_max_connections",
    help: "Connections each PostgreSQL pool may open (postgres-js exposes no busy/idle counts); none with the embedded PGlite (one in-process connection).",
    labelNames: ["pool"] as const,
    registers: [registry],
  });
  if (options.databaseKind === "postgres") {
    for (const [name, size] of Object.entries(POOL_SIZES)) pool.set({ pool: name }, size);
  }
  new Gauge({
    name: "hybridge_database_info",
    help: "The database this instance uses: kind is pglite (embedded) or postgres.",
    labelNames: ["kind"] as const,
    registers: [registry],
  }).set({ kind: options.databaseKind }, 1);

  return { registry, httpRequests, buildDuration, liveFanOut, dataOperations, storageErrors };
}

/** The build queue's depth and oldest wait, one query, reused for QUEUE_CACHE_MS. */
function cachedQueueReading(db: Db) {
  let cached: { at: number; value: Promise<QueueReading> } | null = null;
  return (): Promise<QueueReading> => {
    const now = Date.now();
    if (cached && now - cached.at < QUEUE_CACHE_MS) return cached.value;
    const value = readQueueNow(db);
    cached = { at: now, value };
    value.catch(() => {
      cached = null;
    });
    return value;
  };
}

type QueueReading = { depth: number; oldestWaitSeconds: number };

async function readQueueNow(db: Db): Promise<QueueReading> {
  const [row] = await db
    .select({
      depth: sql<number>`count(*)::int`,
      wait: sql<number>`coalesce(extract(epoch from now() - min(${builds.dateGenerate})), 0)::float8`,
    })
    .from(builds)
    .where(eq(builds.status, "pending"));
  return { depth: Number(row?.depth ?? 0), oldestWaitSeconds: Number(row?.wait ?? 0) };
}

/** The storage, counting each call that throws (an upload over its limit is the caller's). */
export function countStorageErrors(storage: Storage, errors: Metrics["storageErrors"]): Storage {
  const counted =
    <A extends unknown[], R>(operation: string, call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await call(...args);
      } catch (error) {
        if (!(error instanceof UploadTooLargeError)) errors.inc({ operation });
        throw error;
      }
    };
  return {
    put: counted("put", storage.put),
    open: counted("open", storage.open),
    exists: counted("exists", storage.exists),
    remove: counted("remove", storage.remove),
    probe: counted("probe", storage.probe),
    list: async function* () {
      try {
        yield* storage.list();
      } catch (error) {
        errors.inc({ operation: "list" });
        throw error;
      }
    },
    ...(storage.close ? { close: storage.close } : {}),
  };
}

/**
 * The database API's operation for a route pattern under its prefix (features/data/routes.ts),
 * or null for any other route.
 */
export function dataOperation(method: string, route: string, prefix: string): string | null {
  if (!route.startsWith(prefix)) return null;
  const rest = route.slice(prefix.length);
  const operations: Record<string, string> = {
    "GET /collections/:collection/documents": "list",
    "POST /collections/:collection/documents": "create",
    "GET /collections/:collection/documents/:id": "get",
    "PATCH /collections/:collection/documents/:id": "update",
    "PUT /collections/:collection/documents/:id": "replace",
    "DELETE /collections/:collection/documents/:id": "delete",
    "POST /collections/:collection/query": "query",
    "POST /collections/:collection/count": "count",
    "POST /collections/:collection/documents/file": "file-upload",
    "GET /files/:name": "file-download",
    "GET /collections/:collection/events": "watch",
  };
  return operations[`${method} ${rest}`] ?? null;
}

/**
 * Times every request (onResponse) under its route pattern — `unmatched` for a URL no route
 * has — and counts the database API's operations. `/metrics` itself (GET) answers with the
 * registry's text: with METRICS_TOKEN unset it answers 404 like any unknown path; a request
 * without the token, or with another, gets 401.
 */
export function registerMetrics(
  app: FastifyInstance,
  options: { metrics: Metrics; token: string | undefined; dataApiPrefix: string },
) {
  const { metrics, token, dataApiPrefix } = options;
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const status = reply.statusCode;
    const labels = { method: request.method, route, status: String(status) };
    metrics.httpRequests.observe(labels, reply.elapsedTime / 1000);
    const operation = dataOperation(request.method, route, dataApiPrefix);
    if (operation) {
      const outcome = status >= 500 ? "error" : status >= 400 ? "refused" : "ok";
      metrics.dataOperations.inc({ operation, outcome });
    }
  });

  const expected = token === undefined ? null : digest(token);
  app.get("/metrics", async (request: FastifyRequest, reply: FastifyReply) => {
    if (expected === null) throw AppError.notFound();
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim();
    if (!given || !timingSafeEqual(digest(given), expected)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw AppError.unauthenticated(MetricsTexts.tokenRequired);
    }
    const text = await metrics.registry.metrics();
    reply.header("Cache-Control", "no-store");
    reply.type(metrics.registry.contentType);
    return text;
  });
}

/** Same-length values for a constant-time comparison. */
const digest = (value: string) => createHash("sha256").update(value).digest();
