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
  /** 0–100, the same value as buildPercent as a number. */
  percent: z.number().int(),
  /** Why a failed build failed, shown to the owner; null otherwise. */
  failureReason: z.string().nullable(),
  /** 1 for the oldest pending build of its platform; null unless pending. */
  queuePosition: z.number().int().nullable(),
  /**
   * Pending and no connected build machine can build this platform (e.g. no macOS agent): the
   * console says so instead of implying progress.
   */
  waitingForAgent: z.boolean(),
  /** The signed app, once built (ready or published). */
  artifact: z.object({ size: z.number().int(), sha256: z.string() }).nullable(),
  /** How many times a build machine took this build (at most 2 before it fails). */
  attempts: z.number().int(),
  /**
   * The over-the-air update channel its hybridge.json carries (Android, set when a build machine
   * took it; null before, and for other platforms). Decision 056.
   */
  updateChannel: z.string().nullable(),
  /** ISO 8601: when a build machine took it, and when it ended (ready, failed or cancelled). */
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type Build = z.infer<typeof BuildSchema>;

/** `GET /api/projects/:id/builds/:buildId/log`: the build's log lines, oldest first. */
export const BuildLogQuerySchema = z.object({
  /** Only lines after this sequence number (a viewer polling for more). */
  after: z.coerce.number().int().min(0).optional(),
});
export const BuildLogLineSchema = z.object({
  seq: z.number().int(),
  line: z.string(),
  at: z.string(),
});
export const BuildLogResponseSchema = z.object({
  lines: z.array(BuildLogLineSchema),
  /** The build's status when read: a viewer stops polling once it is no longer building. */
  status: z.string(),
});
export type BuildLogResponse = z.infer<typeof BuildLogResponseSchema>;

export const ProjectBuildParamsSchema = z.object({ id: z.string(), buildId: z.string() });

/**
 * `GET /api/projects/:id/signing-key`: the project's Android upload key, for Play Console. `PUT`
 * (the owner's keystore) and `DELETE` (reset) answer the same. The password is not in it: the
 * owner reads it when downloading the keystore (KeystorePasswordResponseSchema).
 */
export const SigningKeyInfoResponseSchema = z.object({
  signingKey: z
    .object({
      certSha256: z.string(),
      createdAt: z.string(),
      alias: z.string(),
    })
    .nullable(),
  /** False once an Android build is published: the key can no longer be replaced or reset. */
  changeable: z.boolean(),
});
export type SigningKeyInfoResponse = z.infer<typeof SigningKeyInfoResponseSchema>;

/**
 * `GET /api/projects/:id/signing-key/password`: the keystore's password, for its owner, each time
 * they download the keystore (it is kept sealed with the server's secret, like the keystore).
 */
export const KeystorePasswordResponseSchema = z.object({ password: z.string() });
export type KeystorePasswordResponse = z.infer<typeof KeystorePasswordResponseSchema>;

/** `GET /api/install/:appKey`: what the public install page shows of a published app. */
export const InstallParamsSchema = z.object({ appKey: z.string() });
export const InstallPageResponseSchema = z.object({
  app: z.object({
    name: z.string(),
    appKey: z.string(),
    iconUrl: z.string().nullable(),
    android: z
      .object({ version: z.number().int(), size: z.number().int(), publishedAt: z.string() })
      .nullable(),
  }),
});
export type InstallPageResponse = z.infer<typeof InstallPageResponseSchema>;

export const BuildResponseSchema = z.object({ build: BuildSchema });
export type BuildResponse = z.infer<typeof BuildResponseSchema>;

/**
 * A build request's answer: the new pending build (201), or the one already pending for that
 * project and platform (200, `alreadyQueued`): one of each at most (decision 035).
 */
export const RequestBuildResponseSchema = BuildResponseSchema.extend({
  alreadyQueued: z.boolean(),
});
export type RequestBuildResponse = z.infer<typeof RequestBuildResponseSchema>;

/**
 * A platform's latest build (most recent dateGenerate), or null when none was requested, and
 * whether a build machine for the platform is connected now (else a new request would wait for
 * one, and the card says so before queueing).
 */
export const LatestBuildResponseSchema = z.object({
  build: BuildSchema.nullable(),
  builderConnected: z.boolean(),
});
export type LatestBuildResponse = z.infer<typeof LatestBuildResponseSchema>;

/** A row of the builds history: the build and the project it belongs to. */
export const BuildListItemSchema = BuildSchema.extend({ projectName: z.string() });
export type BuildListItem = z.infer<typeof BuildListItemSchema>;

export const BuildListResponseSchema = z.object({ builds: z.array(BuildListItemSchema) });
export type BuildListResponse = z.infer<typeof BuildListResponseSchema>;

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
