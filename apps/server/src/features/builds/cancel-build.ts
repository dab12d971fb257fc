import type { Build } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { buildLogs, builds } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { toBuild } from "./build-view";
import { findOwnedBuild } from "./find-owned-build";

/**
 * Cancels a pending or building build. A building one's machine learns it at its next
 * heartbeat and stops; the build keeps its machine so that the heartbeat can be told.
 */
export async function cancelBuild(options: {
  db: Db;
  userId: string;
  projectId: string;
  buildId: string;
}): Promise<Build> {
  const { db } = options;
  const found = await findOwnedBuild(db, options);
  const [row] = await db
    .update(builds)
    .set({ status: "cancelled", finishedAt: sql`clock_timestamp()`, leaseExpiresAt: null })
    .where(and(eq(builds.id, found.id), inArray(builds.status, ["pending", "building"])))
    .returning();
  if (!row) throw AppError.conflict(BuildsTexts.notCancellable(found.status));
  await db.insert(buildLogs).values({ buildId: row.id, line: BuildsTexts.cancelledByOwner });
  return toBuild(row);
}
