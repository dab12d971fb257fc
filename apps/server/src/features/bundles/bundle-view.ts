import type { Bundle } from "@hybridge/shared/bundles/schemas";
import type { webBundles } from "../../platform/db/schema";

type Row = typeof webBundles.$inferSelect;

/** A bundle's row as the API shows it; `isNext` marks the newest, which the next build takes. */
export const toBundle = (row: Row, isNext: boolean): Bundle => ({
  id: row.id,
  fileName: row.fileName,
  unpackedSize: row.unpackedSize,
  fileCount: row.fileCount,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
  isNext,
});
