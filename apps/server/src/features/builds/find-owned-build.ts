import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { builds } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The owner's build of the owner's project, or 404 (another user's build does not exist). */
export async function findOwnedBuild(
  db: Db,
  options: { userId: string; projectId: string; buildId: string },
) {
  if (!UUID.test(options.buildId)) throw AppError.notFound(BuildsTexts.buildNotFound);
  const [row] = await db
    .select()
    .from(builds)
    .where(
      and(
        eq(builds.id, options.buildId),
        eq(builds.projectId, options.projectId),
        eq(builds.ownerId, options.userId),
      ),
    );
  if (!row) throw AppError.notFound(BuildsTexts.buildNotFound);
  return row;
}
