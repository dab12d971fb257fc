import { testConfigDefaults } from "@hybridge/shared/test-console/defaults";
import type { DevPayload } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { eq } from "drizzle-orm";
import type { AppCaller } from "../../platform/database-key";
import type { Db } from "../../platform/db/client";
import { projects, testConfigs } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { buildDevPayload } from "./build-dev-payload";

/**
 * What the dev app reads: the project's owner's test configuration, as the payload of the
 * console's QR code (same function). The route has authorised the call with the project's
 * database key (platform/database-key.ts).
 */
export async function getDevConfig(options: {
  db: Db;
  publicUrl: string;
  app: AppCaller;
}): Promise<DevPayload> {
  const { db, publicUrl, app } = options;
  const [row] = await db
    .select({
      project: { navBarType: projects.navBarType, statusbar: projects.statusbar },
      config: {
        navBarType: testConfigs.navBarType,
        statusBar: testConfigs.statusBar,
        network: testConfigs.network,
      },
    })
    .from(projects)
    .leftJoin(testConfigs, eq(testConfigs.userId, projects.adminId))
    .where(eq(projects.id, app.projectId))
    .limit(1);
  if (!row) throw AppError.notFound(TestConsoleTexts.unknownAppKey);
  const config = row.config ?? testConfigDefaults(row.project);
  return buildDevPayload({ publicUrl, appKey: app.keyApp, config });
}
