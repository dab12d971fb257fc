import { z } from "zod";
import { singleLineText } from "../common/fields";
import { UpdatesTexts } from "./texts";

/**
 * Over-the-air updates (issue 27, decision 051): the device's check and reports, the update's
 * bundle, the owner's routes, and the file every build carries (assets/hybridge.json).
 */
export const UPDATE_CHECK_PATH = "/api/v1/updates/check";
export const UPDATE_REPORT_PATH = "/api/v1/updates/report";
/** The zip of update `id` (absolute in a check's answer: `{PUBLIC_URL}` before it). */
export const updateBundlePath = (id: string) => `/api/v1/updates/${id}/bundle`;

/** The channel a build and a deploy use unless told otherwise. */
export const DEFAULT_CHANNEL = "production";
/** Where a build carries its update settings, beside the web bundle's assets/www/. */
export const HYBRIDGE_JSON_ASSET = "assets/hybridge.json";

/** What a shell reports about an update it was offered. */
export const UPDATE_EVENTS = ["downloaded", "applied", "ready", "failed", "rolled-back"] as const;
export type UpdateEvent = (typeof UPDATE_EVENTS)[number];
/** An install's furthest state with an update: "asked" when a check offered it. */
export const UPDATE_INSTALL_STATES = ["asked", ...UPDATE_EVENTS] as const;
export type UpdateInstallState = (typeof UPDATE_INSTALL_STATES)[number];

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const ChannelNameSchema = singleLineText(UpdatesTexts.invalidChannel).regex(
  /^[a-z0-9-]{1,40}$/,
  UpdatesTexts.invalidChannel,
);
export const InstallIdSchema = singleLineText(UpdatesTexts.invalidInstallId).regex(
  /^[A-Za-z0-9-]{8,64}$/,
  UpdatesTexts.invalidInstallId,
);
export const UpdateIdSchema = singleLineText(UpdatesTexts.invalidUpdateId).regex(
  UUID_PATTERN,
  UpdatesTexts.invalidUpdateId,
);
const AppKeySchema = singleLineText({ missing: UpdatesTexts.invalidAppKey })
  .min(1, UpdatesTexts.invalidAppKey)
  .max(90, UpdatesTexts.invalidAppKey);
export const RuntimeVersionSchema = singleLineText(UpdatesTexts.invalidRuntimeVersion).regex(
  /^[A-Za-z0-9._-]{1,40}$/,
  UpdatesTexts.invalidRuntimeVersion,
);
export const RolloutPercentSchema = z
  .number(UpdatesTexts.invalidRollout)
  .int(UpdatesTexts.invalidRollout)
  .min(1, UpdatesTexts.invalidRollout)
  .max(100, UpdatesTexts.invalidRollout);
export const UpdateMessageSchema = singleLineText({ missing: UpdatesTexts.messageTooLong }).max(
  200,
  UpdatesTexts.messageTooLong,
);

/** `POST /api/v1/updates/check`: a shell asking at cold start (public, no key). */
export const UpdateCheckInputSchema = z.object({
  appKey: AppKeySchema,
  channel: ChannelNameSchema,
  runtimeVersion: RuntimeVersionSchema,
  currentUpdateId: UpdateIdSchema.nullable(),
  installId: InstallIdSchema,
});
export type UpdateCheckInput = z.infer<typeof UpdateCheckInputSchema>;

export const OfferedUpdateSchema = z.object({
  id: z.string(),
  /** Absolute: `{PUBLIC_URL}/api/v1/updates/{id}/bundle`. */
  url: z.string(),
  /** Hex SHA-256 of the zip's bytes. */
  sha256: z.string(),
  /** Base64 DER ECDSA-P256-SHA256 over the zip's bytes, by the project's update key. */
  signature: z.string(),
  size: z.number().int(),
});
export type OfferedUpdate = z.infer<typeof OfferedUpdateSchema>;

/**
 * `update`: the bundle to download, or null (nothing new). `embedded`: the install's update was
 * withdrawn and nothing replaces it: go back to the build's embedded bundle at next cold start.
 */
export const UpdateCheckResponseSchema = z.object({
  update: OfferedUpdateSchema.nullable(),
  embedded: z.boolean(),
});
export type UpdateCheckResponse = z.infer<typeof UpdateCheckResponseSchema>;

/** `POST /api/v1/updates/report` (public): what a shell did with an update. Answers 204. */
export const UpdateReportInputSchema = z.object({
  appKey: AppKeySchema,
  installId: InstallIdSchema,
  updateId: UpdateIdSchema,
  event: z.enum(UPDATE_EVENTS, UpdatesTexts.invalidEvent),
  reason: singleLineText({ missing: UpdatesTexts.reasonTooLong })
    .max(500, UpdatesTexts.reasonTooLong)
    .optional(),
});
export type UpdateReportInput = z.infer<typeof UpdateReportInputSchema>;

export const UpdateBundleParamsSchema = z.object({ id: z.string().max(64) });

/** The deploy's optional text fields (multipart, before the file): where the update goes. */
export const DeployUpdateFieldsSchema = z.object({
  channel: ChannelNameSchema.optional(),
  rolloutPercent: singleLineText(UpdatesTexts.invalidRollout)
    .regex(/^\d{1,3}$/, UpdatesTexts.invalidRollout)
    .transform(Number)
    .pipe(RolloutPercentSchema)
    .optional(),
  message: UpdateMessageSchema.optional(),
});
export type DeployUpdateFields = z.infer<typeof DeployUpdateFieldsSchema>;

// The owner's routes (session; another user's project is 404).
export const UpdatesProjectParamsSchema = z.object({ id: z.string().max(256) });
export const UpdateParamsSchema = z.object({
  id: z.string().max(256),
  updateId: z.string().max(64),
});
export const ChannelParamsSchema = z.object({
  id: z.string().max(256),
  channel: z.string().max(40),
});

/** `PATCH /api/projects/:id/updates/:updateId`: roll out further (or back), pause or resume. */
export const UpdateChangeInputSchema = z.union(
  [
    z.strictObject({ rolloutPercent: RolloutPercentSchema }),
    z.strictObject({ paused: z.boolean() }),
  ],
  UpdatesTexts.invalidChange,
);
export type UpdateChangeInput = z.infer<typeof UpdateChangeInputSchema>;

/** `POST /api/projects/:id/channels/:channel/rollback`: back to an earlier update or embedded. */
export const RollbackInputSchema = z.object({
  to: z.union([z.literal("embedded"), UpdateIdSchema], UpdatesTexts.invalidRollbackTarget),
});
export type RollbackInput = z.infer<typeof RollbackInputSchema>;

export const UpdateCountsSchema = z.object({
  asked: z.number().int(),
  downloaded: z.number().int(),
  applied: z.number().int(),
  ready: z.number().int(),
  failed: z.number().int(),
  rolledBack: z.number().int(),
});
export type UpdateCounts = z.infer<typeof UpdateCountsSchema>;

export const UpdateSchema = z.object({
  id: z.string(),
  channel: z.string(),
  message: z.string(),
  runtimeVersion: z.string(),
  rolloutPercent: z.number().int(),
  paused: z.boolean(),
  rolledBackAt: z.string().nullable(),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: z.string(),
  counts: UpdateCountsSchema,
});
export type Update = z.infer<typeof UpdateSchema>;

export const ChannelSchema = z.object({
  name: z.string(),
  /** When the channel was last rolled back to the builds' embedded bundle, or null. */
  embeddedAt: z.string().nullable(),
  createdAt: z.string(),
  /** Newest first. */
  updates: z.array(UpdateSchema),
});
export type Channel = z.infer<typeof ChannelSchema>;

export const UpdatesListResponseSchema = z.object({
  /** The project's app key: an update's preview link names it (devLinkUrl). */
  appKey: z.string(),
  channels: z.array(ChannelSchema),
});
export type UpdatesListResponse = z.infer<typeof UpdatesListResponseSchema>;
export const UpdateResponseSchema = z.object({ update: UpdateSchema });
export const ChannelResponseSchema = z.object({ channel: ChannelSchema });

/** assets/hybridge.json, written into every build (the shell reads it). */
export const HybridgeJsonSchema = z.object({
  v: z.literal(1),
  /** The server's PUBLIC_URL. */
  server: z.string(),
  appKey: z.string(),
  channel: z.string(),
  runtimeVersion: z.string(),
  /** Base64 X.509 SubjectPublicKeyInfo (EC P-256), or null: the shell never checks. */
  updatePublicKey: z.string().nullable(),
  /**
   * A development build (decision 058): the server is http://, and the shell lets the page call
   * it — and only it — over cleartext. Absent in builds made before.
   */
  development: z.boolean().optional(),
});
export type HybridgeJson = z.infer<typeof HybridgeJsonSchema>;

/** The owner's live stream of a project's updates: `GET /api/projects/:id/updates/events`. */
export const updatesEventsPath = (projectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/updates/events`;
/** Its events: `ready` once listening, `updates-changed` (no data) when the list should be read again. */
export const UpdatesEvents = { ready: "ready", changed: "updates-changed" } as const;
