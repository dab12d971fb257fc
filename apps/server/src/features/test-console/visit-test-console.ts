import { testConfigDefaults } from "@hybridge/shared/test-console/defaults";
import type { TestConsoleResponse } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { testConfigs } from "../../platform/db/schema";
import { requireOwnedApp } from "../../platform/owned-project";
import { listAppCodes } from "./list-app-codes";
import { toConsoleView } from "./test-console-view";

/**
 * A visit of /test/{appKey} by the project's owner: creates the owner's test configuration with
 * the project's defaults on the first visit (its navigation bar and status bar, no localhost URL), and otherwise points its keyCode at this project — one
 * `INSERT … ON CONFLICT (user_id) DO UPDATE`, so simultaneous first visits make one row.
 * updatedAt moves only when something changed; createdAt never does. Another user's app code
 * answers like an unknown one (404) and writes nothing.
 */
export async function visitTestConsole(options: {
  db: Db;
  publicUrl: string;
  user: { id: string; email: string };
  appKey: string;
}): Promise<TestConsoleResponse> {
  const { db, publicUrl, user, appKey } = options;
  return db.transaction(async (tx) => {
    const project = await requireOwnedApp(tx, {
      userId: user.id,
      appKey,
      notFound: TestConsoleTexts.projectNotFound,
    });

    const [config] = await tx
      .insert(testConfigs)
      .values({
        userId: user.id,
        tester: user.email,
        keyCode: project.keyApp,
        ...testConfigDefaults(project),
      })
      .onConflictDoUpdate({
        target: testConfigs.userId,
        set: {
          keyCode: sql`excluded.key_code`,
          tester: sql`excluded.tester`,
          updatedAt: sql`case
            when ${testConfigs.keyCode} is distinct from excluded.key_code
              or ${testConfigs.tester} is distinct from excluded.tester
            then now() else ${testConfigs.updatedAt} end`,
        },
      })
      .returning();
    if (!config) throw new Error("test config upsert returned no row");

    const appCodes = await listAppCodes(tx, { userId: user.id });
    return toConsoleView({ publicUrl, project, appCodes, config });
  });
}
