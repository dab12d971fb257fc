import { z } from "zod";
import { singleLineText } from "../common/fields";
import { UpdateSchema } from "../updates/schemas";
import { BundlesTexts } from "./texts";

/** One uploaded web bundle of a project, as the console lists it. */
export const BundleSchema = z.object({
  id: z.string(),
  /** The uploaded file's name, as the browser sent it. */
  fileName: z.string(),
  /** Bytes once unpacked, and how many files. */
  unpackedSize: z.number().int(),
  fileCount: z.number().int(),
  sha256: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The newest bundle: the one the next build uses. */
  isNext: z.boolean(),
  /**
   * The server addresses in its code a phone cannot reach (localhost, 127.x, [::1], 0.0.0.0:
   * the app's HYBRIDGE_SERVER, decision 058). Given for the newest bundle, the upload and the
   * deploy; absent on older bundles.
   */
  loopbackServers: z.array(z.string()).optional(),
});
export type Bundle = z.infer<typeof BundleSchema>;

export const BundleListResponseSchema = z.object({ bundles: z.array(BundleSchema) });
export type BundleListResponse = z.infer<typeof BundleListResponseSchema>;

export const BundleResponseSchema = z.object({ bundle: BundleSchema });
export type BundleResponse = z.infer<typeof BundleResponseSchema>;

export const BundleParamsSchema = z.object({ id: z.string(), bundleId: z.string() });
export const BundleProjectParamsSchema = z.object({ id: z.string() });

export {
  BUNDLE_FILE_FIELD,
  DEPLOY_PATH,
  DEPLOY_TOKEN_MARK,
  DEPLOY_TOKEN_VARIABLE,
} from "./protocol";

export const DeployTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart (hb_deploy_ab12…). */
  tokenPrefix: z.string(),
  createdAt: z.string(),
  /** ISO 8601 of its last deploy, or null. */
  lastUsedAt: z.string().nullable(),
});
export type DeployToken = z.infer<typeof DeployTokenSchema>;

export const DeployTokenListResponseSchema = z.object({ tokens: z.array(DeployTokenSchema) });
export type DeployTokenListResponse = z.infer<typeof DeployTokenListResponseSchema>;

export const CreateDeployTokenInputSchema = z.object({
  name: singleLineText(BundlesTexts.tokenNameInvalid)
    .trim()
    .min(1, BundlesTexts.tokenNameInvalid)
    .max(64, BundlesTexts.tokenNameInvalid),
});
export type CreateDeployTokenInput = z.infer<typeof CreateDeployTokenInputSchema>;

/** The new token, whose `secret` is in this answer only. */
export const CreateDeployTokenResponseSchema = z.object({
  token: DeployTokenSchema,
  secret: z.string(),
});
export type CreateDeployTokenResponse = z.infer<typeof CreateDeployTokenResponseSchema>;

export const DeployTokenParamsSchema = z.object({ id: z.string(), tokenId: z.string() });

/**
 * `GET /api/v1/deploy`: the project a deploy token deploys to, asked before anything is built or
 * sent (a refused token answers 401 before the upload, whose connection it would break).
 */
export const DeployTargetResponseSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
});
export type DeployTargetResponse = z.infer<typeof DeployTargetResponseSchema>;

/** What a deploy answers: the stored bundle and the project it went to. */
export const DeployResponseSchema = z.object({
  bundle: BundleSchema,
  project: z.object({ id: z.string(), name: z.string() }),
  /** The over-the-air update the deploy made (issue 27). */
  update: UpdateSchema.optional(),
});
export type DeployResponse = z.infer<typeof DeployResponseSchema>;
