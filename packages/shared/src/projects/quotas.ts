import { z } from "zod";

/**
 * The fair limits of decision 035 as the console shows them: a project's kept web bundles and
 * storage (the project page's usage bars), and an account's projects (home and new app).
 */
export const ProjectUsageSchema = z.object({
  /** Web bundles kept, and how many are kept at most (older ones are removed at each upload). */
  bundles: z.object({ kept: z.number().int(), limit: z.number().int() }),
  /** Bytes of the project's web bundles and documents' files, and the most it may keep. */
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

/** What the limits say, wherever they are met (server refusals, the console's bars). */
export const QuotaTexts = {
  usageTitle: "Usage",
  usageLead: "What this project keeps on the server, against this server's limits.",
  usageLoadFailed: "Could not load this project's usage.",
  bundlesLabel: "Web bundles kept",
  bundlesKept: (kept: number, limit: number) =>
    `${kept} of ${limit}: at each upload, bundles older than the newest ${limit} are deleted (never one a build is using).`,
  storageLabel: "Storage",
  storageUsed: (used: string, limit: string) =>
    `${used} of ${limit} used by web bundles and documents' files.`,
  storageFull: (limitMb: number) =>
    `This project's storage is full (${limitMb} MB for web bundles and documents' files). Delete old web bundles or documents with files to make room.`,
  projectsUsed: (count: number, limit: number) => `${count} of ${limit} projects`,
  /** Projects cannot be deleted one by one yet: the limit is the server's to raise. */
  tooManyProjects: (limit: number) =>
    `You have reached this server's limit of ${limit} ${limit === 1 ? "project" : "projects"} per account: no new app can be created.`,
} as const;
