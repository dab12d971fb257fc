import { z } from "zod";

/** `GET /api/health/live`: the process serves requests (no dependency is asked). */
export const LivenessResponseSchema = z.object({ status: z.literal("live") });
export type LivenessResponse = z.infer<typeof LivenessResponseSchema>;

/**
 * `GET /api/health/ready` (and `/api/health`): 200 when every required check is "ok", 503
 * naming the failing check otherwise. The Android toolchain is reported but not required yet:
 * "not-needed" is for a server that runs no Android builds itself. "draining": the server is
 * shutting down (503 whatever the checks say, so that balancers stop sending to it).
 */
export const ReadinessResponseSchema = z.object({
  status: z.enum(["ready", "not-ready", "draining"]),
  checks: z.object({
    database: z.enum(["ok", "down", "schema-missing"]),
    storage: z.enum(["ok", "not-writable"]),
    androidToolchain: z.enum(["ok", "missing", "not-needed"]),
  }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
