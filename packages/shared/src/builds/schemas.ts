import { z } from "zod";
import { BUILD_PLATFORMS } from "../common/enums";
import { singleLineText } from "../common/fields";
import { BuildsTexts } from "./texts";

export const BuildPlatformSchema = z.enum(BUILD_PLATFORMS, { error: BuildsTexts.invalidPlatform });

/** `POST /api/projects/:id/builds`: ask for a new build of one platform. */
export const RequestBuildInputSchema = z.object({ platform: BuildPlatformSchema });
export type RequestBuildInput = z.infer<typeof RequestBuildInputSchema>;

/** `?platform=` of the builds list and of a project's latest build. */
export const BuildPlatformQuerySchema = z.object({ platform: BuildPlatformSchema });
export type BuildPlatformQuery = z.infer<typeof BuildPlatformQuerySchema>;

export const ProjectIdParamsSchema = z.object({ id: z.string() });
export const BuildIdParamsSchema = z.object({ buildId: z.string() });

/**
 * One build request as the API shows it. `status` stays a plain string: the client shows a value
 * it does not know raw (spec section 4) instead of failing.
 */
export const BuildSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  platform: BuildPlatformSchema,
  appKey: z.string(),
  status: z.string(),
  buildPercent: z.string(),
  version: z.number().int(),
  /** ISO 8601. */
  dateGenerate: z.string(),
  /** ISO 8601, or null while not published. */
  publishedAt: z.string().nullable(),
});
export type Build = z.infer<typeof BuildSchema>;

export const BuildResponseSchema = z.object({ build: BuildSchema });
export type BuildResponse = z.infer<typeof BuildResponseSchema>;

/** A platform's latest build (most recent dateGenerate), or null when none was requested. */
export const LatestBuildResponseSchema = z.object({ build: BuildSchema.nullable() });
export type LatestBuildResponse = z.infer<typeof LatestBuildResponseSchema>;

/** A row of the builds history: the build and the project it belongs to. */
export const BuildListItemSchema = BuildSchema.extend({ projectName: z.string() });
export type BuildListItem = z.infer<typeof BuildListItemSchema>;

export const BuildListResponseSchema = z.object({ builds: z.array(BuildListItemSchema) });
export type BuildListResponse = z.infer<typeof BuildListResponseSchema>;

/** What the project page needs of its project. */
export const ProjectSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  keyApp: z.string(),
  status: z.boolean(),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectSummaryResponseSchema = z.object({ project: ProjectSummarySchema });
export type ProjectSummaryResponse = z.infer<typeof ProjectSummaryResponseSchema>;

/**
 * The install id an app generates once per install (a UUID fits): 16–64 letters, digits, `-` or
 * `_`. It is what makes a device count once.
 */
export const InstallIdSchema = z
  .string(BuildsTexts.invalidInstallId)
  .regex(/^[A-Za-z0-9_-]{16,64}$/, BuildsTexts.invalidInstallId);

/**
 * `POST /api/v1/installs`, called by the mobile apps (no session) with the project's database
 * key as `Authorization: Bearer <key>` (decision 014).
 */
export const RecordInstallInputSchema = z.object({
  appKey: singleLineText(BuildsTexts.invalidAppKey)
    .trim()
    .min(1, BuildsTexts.invalidAppKey)
    .max(90, BuildsTexts.invalidAppKey),
  platform: BuildPlatformSchema,
  installId: InstallIdSchema,
});
export type RecordInstallInput = z.infer<typeof RecordInstallInputSchema>;

/** `counted`: this call counted the install; false when that install id was counted before. */
export const RecordInstallResponseSchema = z.object({ counted: z.boolean() });
export type RecordInstallResponse = z.infer<typeof RecordInstallResponseSchema>;

/** Server-sent events of `GET /api/projects/:id/builds/events`. */
export const BuildEvents = {
  /** Sent first: from now on nothing is missed (refetch what may have changed before). */
  ready: "ready",
  /** A build of the project changed; `data` is the latest build of that build's platform. */
  changed: "build-changed",
} as const;
