import { z } from "zod";

/**
 * The fair limits of decision 035 as the console shows them: a project's kept web bundles and
 * storage (the project page's usage bars), and an account's projects (home and new app).
 */
export const ProjectUsageSchema = z.object({
  /** Web bundles kept, and how many are kept at most (older ones are removed at each upload). */
  bundles: z.object({ kept: z.number().int(), limit: z.number().int() }),
  /** Bytes of the project's web bundles, update zips and documents' files, and the most it may keep. */
  storage: z.object({ usedBytes: z.number().int(), limitBytes: z.number().int() }),
});
export type ProjectUsage = z.infer<typeof ProjectUsageSchema>;
export const ProjectUsageResponseSchema = z.object({ usage: ProjectUsageSchema });
export type ProjectUsageResponse = z.infer<typeof ProjectUsageResponseSchema>;

export const AccountUsageSchema = z.object({
  projects: z.object({ count: z.number().int(), limit: z.number().int() }),
});
export type AccountUsage = z.infer<typeof AccountUsageSchema>;
export const AccountUsageResponseSchema = z.object({ usage: AccountUsageSchema });
export type AccountUsageResponse = z.infer<typeof AccountUsageResponseSchema>;

/** Sizes as the usage bars say them: MB with one decimal, or KB under 1 MB. */
export function formatStorageSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes === 0) return "0 KB";
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
