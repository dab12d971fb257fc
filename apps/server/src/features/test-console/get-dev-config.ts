import { ErrorCodes } from "@hybridge/shared/common/errors";
import type { DevPayload } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { eq } from "drizzle-orm";
import { matchesDatabaseKey } from "../../platform/database-key";
import type { Db } from "../../platform/db/client";
import { projectSettings, projects, testConfigs } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { buildDevPayload } from "./build-dev-payload";

/**
 * What the dev app reads: the project's owner's test configuration, as the payload of the
 * console's QR code (same function). Authorised by the project's database key, checked
 * against its stored SHA-256 in constant time. An unknown app code answers exactly like a wrong
 * key (401), so the endpoint does not tell which app codes exist.
 */
export async function getDevConfig(options: {
  db: Db;
  publicUrl: string;
  appKey: string;
  /** The key presented by the dev app, or null when it sent none. */
  databaseKey: string | null;
}): Promise<DevPayload> {
  const { db, publicUrl, appKey, databaseKey } = options;
  const [row] = await db
    .select({
      keyApp: projects.keyApp,
      keyHash: projectSettings.databaseKeyHash,
      navBarType: testConfigs.navBarType,
      statusBar: testConfigs.statusBar,
      network: testConfigs.network,
    })
    .from(projects)
    .innerJoin(projectSettings, eq(projectSettings.id, projects.id))
    .leftJoin(testConfigs, eq(testConfigs.userId, projects.adminId))
    .where(eq(projects.keyApp, appKey))
    .limit(1);

  // Always one comparison, whether or not the app code exists.
  const authorised = matchesDatabaseKey(databaseKey ?? "", row?.keyHash ?? null);
  if (!row || !databaseKey || !authorised) {
    throw new AppError(ErrorCodes.UNAUTHENTICATED, TestConsoleTexts.devKeyRequired);
  }
  const { navBarType, statusBar, network } = row;
  return buildDevPayload({
    publicUrl,
    appKey: row.keyApp,
    config: navBarType && statusBar && network ? { navBarType, statusBar, network } : null,
  });
}
