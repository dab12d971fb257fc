import path from "node:path";
import { detectAndroidToolchain } from "@hybridge/agent/android";
import {
  LivenessResponseSchema,
  type ReadinessResponse,
  ReadinessResponseSchema,
} from "@hybridge/shared/common/health";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { withinTimeLimit } from "./time-limit";

const STORAGE_PROBE_TIMEOUT_MS = 2_000;

/**
 * Liveness and readiness, as load balancers and orchestrators expect (decision 015):
 * `/api/health/live` answers while the process serves, without asking anything else (a
 * database outage must not get the process restarted); `/api/health/ready` (and `/api/health`,
 * its older name) answers 503 naming the check that fails while the server cannot do its work,
 * and 503 "draining" from the moment it is told to shut down (platform/shutdown.ts).
 */
export async function registerHealthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { storage, databaseHealth, config, draining } = app.deps;

  // Logged when it changes, not at every probe.
  let storageWritable = true;
  async function storageState(): Promise<ReadinessResponse["checks"]["storage"]> {
    try {
      await withinTimeLimit(storage.probe(), STORAGE_PROBE_TIMEOUT_MS);
      if (!storageWritable) app.log.info("the file storage can be written again");
      storageWritable = true;
      return "ok";
    } catch (error) {
      if (storageWritable) app.log.error({ err: error }, "the file storage cannot be written");
      storageWritable = false;
      return "not-writable";
    }
  }

  // Probes poll every few seconds, often from several balancers: they share one check.
  let checking: Promise<ReadinessResponse> | undefined;
  let lastChecks: ReadinessResponse["checks"] | undefined;
  function readiness(): Promise<ReadinessResponse> {
    checking ??= (async (): Promise<ReadinessResponse> => {
      const [database, storage] = await Promise.all([databaseHealth.check(), storageState()]);
      const toolchain = await detectAndroidToolchain({
        searchPath: config.executablePath.join(path.delimiter),
      });
      // The server serves without the tools (Android builds then fail with the reason, or a
      // standalone build machine builds them): a missing toolchain is reported, not required.
      const ready = database === "ok" && storage === "ok";
      lastChecks = {
        database,
        storage,
        androidToolchain: toolchain.missing.length === 0 ? "ok" : "missing",
      };
      return { status: ready ? "ready" : "not-ready", checks: lastChecks };
    })().finally(() => {
      checking = undefined;
    });
    return checking;
  }

  // Polled often: only problems reach the log.
  const quiet = { logLevel: "warn" } as const;
  app.get(
    "/api/health/live",
    { ...quiet, schema: { response: { 200: LivenessResponseSchema } } },
    async (_request, reply) => {
      reply.header("cache-control", "no-store");
      return { status: "live" as const };
    },
  );
  const ready = {
    ...quiet,
    schema: { response: { 200: ReadinessResponseSchema, 503: ReadinessResponseSchema } },
  };
  for (const url of ["/api/health/ready", "/api/health"]) {
    app.get(url, ready, async (_request, reply) => {
      // Draining is said at once (the checks as last seen): the balancer's next probe is the
      // one that takes this server out.
      const body: ReadinessResponse = draining.active
        ? { status: "draining", checks: lastChecks ?? (await readiness()).checks }
        : await readiness();
      return reply
        .status(body.status === "ready" ? 200 : 503)
        .header("cache-control", "no-store")
        .send(body);
    });
  }
}
