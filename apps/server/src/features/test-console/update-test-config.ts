import { testConfigDefaults } from "@hybridge/shared/test-console/defaults";
import type {
  TestConsoleResponse,
  UpdateTestConfigInput,
} from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { testConfigs } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { requireOwnedApp } from "../../platform/owned-project";
import { listAppCodes } from "./list-app-codes";
import { toConsoleView } from "./test-console-view";

/**
 * One of the console's forms: changes that one field of the owner's test configuration and
 * updatedAt, and points keyCode (and tester) at the project the change was made from, as a visit
 * does (a configuration not created yet is created with the defaults and the change). The app code must be one of the owner's projects (404 otherwise, nothing
 * written). Answers the console's data as a visit would, with the new QR payload.
 */
export async function updateTestConfig(options: {
  db: Db;
  publicUrl: string;
  user: { id: string; email: string };
  appKey: string;
  input: UpdateTestConfigInput;
}): Promise<TestConsoleResponse> {
  const { db, publicUrl, user, appKey, input } = options;
  const changes = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as UpdateTestConfigInput;
  if (Object.keys(changes).length === 0)
    throw AppError.validation(TestConsoleTexts.oneSettingAtATime);

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
        ...changes,
      })
      .onConflictDoUpdate({
        target: testConfigs.userId,
        set: { ...changes, keyCode: project.keyApp, tester: user.email, updatedAt: sql`now()` },
      })
      .returning();
    if (!config) throw new Error("test config upsert returned no row");

    const appCodes = await listAppCodes(tx, { userId: user.id });
    return toConsoleView({ publicUrl, project, appCodes, config });
  });
}
