import { z } from "zod";
import { NAVBAR_TYPES } from "../common/enums";

export { APPS_PATH } from "./defaults";

import { HEX_COLOR_PATTERN, singleLineText } from "../common/fields";
import { DEV_PAYLOAD_VERSION, NETWORK_URL_MAX } from "./defaults";
import { TestConsoleTexts as T } from "./texts";

/**
 * An app code in a path. Not checked beyond its length: a code that cannot exist answers like an
 * unknown one (404), never with a validation error that would tell them apart.
 */
export const AppKeyParamsSchema = z.object({ appKey: z.string().max(256) });

/* The test page's three fields (spec section 5), one schema each, shared by forms and server. */

export const TestNavBarTypeSchema = z.enum(NAVBAR_TYPES, { error: T.navBarTypeRequired });
export const LocalhostUrlSchema = singleLineText(T.invalidUrl)
  .trim()
  .max(NETWORK_URL_MAX, T.urlTooLong(NETWORK_URL_MAX))
  .pipe(z.url({ protocol: /^https?$/, error: T.invalidUrl }));
export const StatusBarColorSchema = singleLineText(T.invalidHex)
  .trim()
  .regex(HEX_COLOR_PATTERN, T.invalidHex);

export const UpdateNavBarTypeInputSchema = z.object({ navBarType: TestNavBarTypeSchema });
export type UpdateNavBarTypeInput = z.infer<typeof UpdateNavBarTypeInputSchema>;
export const UpdateLocalhostUrlInputSchema = z.object({ network: LocalhostUrlSchema });
export type UpdateLocalhostUrlInput = z.infer<typeof UpdateLocalhostUrlInputSchema>;
export const UpdateStatusBarInputSchema = z.object({ statusBar: StatusBarColorSchema });
export type UpdateStatusBarInput = z.infer<typeof UpdateStatusBarInputSchema>;

/**
 * `PATCH /api/test-console/:appKey`: exactly one of the three forms' fields, validated by that
 * field's own schema (so a bad colour answers with the colour's text).
 */
export const UpdateTestConfigInputSchema = z
  .object({
    navBarType: TestNavBarTypeSchema.optional(),
    network: LocalhostUrlSchema.optional(),
    statusBar: StatusBarColorSchema.optional(),
  })
  .refine(
    (input) => Object.values(input).filter((value) => value !== undefined).length === 1,
    T.oneSettingAtATime,
  );
export type UpdateTestConfigInput = z.infer<typeof UpdateTestConfigInputSchema>;

/** The tester's stored test configuration (spec section 3, "tests"). */
export const TestConfigSchema = z.object({
  tester: z.string(),
  keyCode: z.string().nullable(),
  navBarType: z.enum(NAVBAR_TYPES),
  statusBar: z.string(),
  network: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestConfig = z.infer<typeof TestConfigSchema>;

/**
 * The tester's configuration for a project: the server, the app code and the settings.
 * `GET /api/v1/dev-config/{appKey}` answers it (with the project's key) and the console shows it
 * as the QR code's details; the QR code itself is the dev app's https link.
 */
export const DevPayloadSchema = z.object({
  v: z.literal(DEV_PAYLOAD_VERSION),
  server: z.string(),
  appKey: z.string(),
  config: z.object({
    navBarType: z.enum(NAVBAR_TYPES),
    localhostUrl: z.string(),
    statusBar: z.string(),
  }),
});
export type DevPayload = z.infer<typeof DevPayloadSchema>;

/**
 * The dev-app link of the console: the payload (its details), the exact text the QR code
 * encodes — the https link `{PUBLIC_URL}/dev/{appKey}?url=…` (packages/shared/src/dev-app) — and
 * whether the dev app accepts the localhost URL (a private-network or localhost address).
 */
export const DevLinkSchema = z.object({
  payload: DevPayloadSchema,
  /** Null until the tester has entered a localhost URL: there is nothing to open yet. */
  qrText: z.string().nullable(),
  devUrlAccepted: z.boolean(),
});
export type DevLink = z.infer<typeof DevLinkSchema>;

/**
 * `GET /api/test-console/:appKey` (a visit: creates or syncs the configuration) and the answer
 * of `PATCH` on the same path. `projects` are the owner's app codes, newest first.
 */
export const TestConsoleResponseSchema = z.object({
  project: z.object({ keyApp: z.string(), name: z.string() }),
  projects: z.array(z.string()),
  config: TestConfigSchema,
  devLink: DevLinkSchema,
});
export type TestConsoleResponse = z.infer<typeof TestConsoleResponseSchema>;

/**
 * `GET /api/v1/apps/{appKey}`: whether an app key exists on this server (create-hybridge checks
 * the key it is given before writing anything, and titles the new app with the name). 200 with
 * the key and the app's name (shown by the app itself, like the key: public), or 404.
 */
export const AppExistsResponseSchema = z.object({ appKey: z.string(), name: z.string() });
export type AppExistsResponse = z.infer<typeof AppExistsResponseSchema>;
