import { z } from "zod";
import { NAVBAR_TYPES } from "../common/enums";
import { OfferedUpdateSchema, UpdateIdSchema } from "../updates/schemas";

/** The version of the dev-link answer: the dev app refuses one it does not know. */
export const DEV_LINK_VERSION = 1;

/** `GET /api/v1/dev-link/{appKey}?url=` (or `?update=`): the path's app key. */
export const DevLinkParamsSchema = z.object({ appKey: z.string().max(256) });
/**
 * Its query: the dev server's URL — checked by the service (isPrivateDevUrl) so that a refusal
 * has its own code, BAD_DEV_URL, not a generic validation error — or, instead, the id of one of
 * the app's updates to preview (issue 27, decision 057).
 */
export const DevLinkQuerySchema = z.object({
  url: z.string().max(2048).default(""),
  update: UpdateIdSchema.optional(),
});

/** Where a previewed update stands for the app's installs (the preview works in every case). */
export const PREVIEW_UPDATE_STATES = ["live", "paused", "rolled-back"] as const;

/**
 * The update a preview link names: what the dev app downloads and verifies (the same fields as
 * a check's answer), and what the /dev page shows of it.
 */
export const PreviewUpdateSchema = OfferedUpdateSchema.extend({
  message: z.string(),
  channel: z.string(),
  rolloutPercent: z.number().int(),
  state: z.enum(PREVIEW_UPDATE_STATES),
  createdAt: z.string(),
});
export type PreviewUpdate = z.infer<typeof PreviewUpdateSchema>;

/**
 * What the dev app needs to open a project: the server, the app, the dev server's normalised
 * URL, and the presentation settings of the project owner's test console (defaults when none).
 * A preview link (`?update=`) has no dev server (devUrl null): it carries the update instead,
 * with the project's update key (base64 SPKI) the dev app verifies its signature with.
 */
export const DevLinkResponseSchema = z.object({
  v: z.literal(DEV_LINK_VERSION),
  server: z.string(),
  appKey: z.string(),
  appName: z.string(),
  devUrl: z.string().nullable(),
  config: z.object({ navBarType: z.enum(NAVBAR_TYPES), statusBar: z.string() }),
  update: PreviewUpdateSchema.nullable(),
  updatePublicKey: z.string().nullable(),
});
export type DevLinkResponse = z.infer<typeof DevLinkResponseSchema>;

/** The error code of a dev server address the dev app may not load (400). */
export const BAD_DEV_URL = "BAD_DEV_URL";
/** The error code of a preview link naming no update of its app (404). */
export const UNKNOWN_UPDATE = "UNKNOWN_UPDATE";

/**
 * `GET /api/dev-app`: the dev app this server serves, or why there is none (the Android tools
 * missing, still building, a failed build) and what to do.
 */
export const DevAppStatusSchema = z.discriminatedUnion("available", [
  z.object({
    available: z.literal(true),
    version: z.string(),
    size: z.number().int(),
    sha256: z.string(),
    url: z.string(),
  }),
  z.object({
    available: z.literal(false),
    state: z.enum(["building", "tools-missing", "failed", "off"]),
    reason: z.string(),
  }),
]);
export type DevAppStatus = z.infer<typeof DevAppStatusSchema>;

/** One entry of `/.well-known/assetlinks.json` (Digital Asset Links). */
export const AssetLinksSchema = z.array(
  z.object({
    relation: z.array(z.string()),
    target: z.object({
      namespace: z.literal("android_app"),
      package_name: z.string(),
      sha256_cert_fingerprints: z.array(z.string()),
    }),
  }),
);
export type AssetLinks = z.infer<typeof AssetLinksSchema>;
