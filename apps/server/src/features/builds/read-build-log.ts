import type { BuildLogResponse } from "@hybridge/shared/builds/schemas";
import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { buildLogs } from "../../platform/db/schema";
import { findOwnedBuild } from "./find-owned-build";

/** The build's log lines after `after` (a viewer polls with the last seq it has), at most 1,000. */
export async function readBuildLog(options: {
  db: Db;
  userId: string;
  projectId: string;
  buildId: string;
  after?: number;
}): Promise<BuildLogResponse> {
  const build = await findOwnedBuild(options.db, options);
  const rows = await options.db
    .select({ id: buildLogs.id, line: buildLogs.line, at: buildLogs.createdAt })
    .from(buildLogs)
    .where(and(eq(buildLogs.buildId, build.id), gt(buildLogs.id, options.after ?? 0)))
    .orderBy(asc(buildLogs.id))
    .limit(1000);
  return {
    status: build.status,
    lines: rows.map((row) => ({ seq: row.id, line: row.line, at: row.at.toISOString() })),
  };
}
