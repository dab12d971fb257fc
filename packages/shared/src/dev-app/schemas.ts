import { z } from "zod";
import { NAVBAR_TYPES } from "../common/enums";

/** The version of the dev-link answer: the dev app refuses one it does not know. */
export const DEV_LINK_VERSION = 1;

/** `GET /api/v1/dev-link/{appKey}?url=`: the path's app key. */
export const DevLinkParamsSchema = z.object({ appKey: z.string().max(256) });
/**
 * Its query: the dev server's URL. Checked by the service (isPrivateDevUrl) so that a refusal
 * has its own code, BAD_DEV_URL, not a generic validation error.
 */
export const DevLinkQuerySchema = z.object({ url: z.string().max(2048).default("") });

/**
 * What the dev app needs to open a project: the server, the app, the dev server's normalised
 * URL, and the presentation settings of the project owner's test console (defaults when none).
 */
export const DevLinkResponseSchema = z.object({
  v: z.literal(DEV_LINK_VERSION),
  server: z.string(),
  appKey: z.string(),
  appName: z.string(),
  devUrl: z.string(),
  config: z.object({ navBarType: z.enum(NAVBAR_TYPES), statusBar: z.string() }),
});
export type DevLinkResponse = z.infer<typeof DevLinkResponseSchema>;

/** The error code of a dev server address the dev app may not load (400). */
export const BAD_DEV_URL = "BAD_DEV_URL";

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
