import type { DevPayload } from "@hybridge/shared/test-console/schemas";
import { eq } from "drizzle-orm";
import type { AppCaller } from "../../platform/database-key";
import type { Db } from "../../platform/db/client";
import { testConfigs } from "../../platform/db/schema";
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
  const [config] = await db
    .select({
      navBarType: testConfigs.navBarType,
      statusBar: testConfigs.statusBar,
      network: testConfigs.network,
    })
    .from(testConfigs)
    .where(eq(testConfigs.userId, app.adminId))
    .limit(1);
  return buildDevPayload({ publicUrl, appKey: app.keyApp, config: config ?? null });
}
