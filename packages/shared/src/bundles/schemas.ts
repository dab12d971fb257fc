import { z } from "zod";

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
});
export type Bundle = z.infer<typeof BundleSchema>;

export const BundleListResponseSchema = z.object({ bundles: z.array(BundleSchema) });
export type BundleListResponse = z.infer<typeof BundleListResponseSchema>;

export const BundleResponseSchema = z.object({ bundle: BundleSchema });
export type BundleResponse = z.infer<typeof BundleResponseSchema>;

export const BundleParamsSchema = z.object({ id: z.string(), bundleId: z.string() });
export const BundleProjectParamsSchema = z.object({ id: z.string() });

/** The multipart field of `POST /api/projects/:id/bundles`. */
export const BUNDLE_FILE_FIELD = "bundle";
