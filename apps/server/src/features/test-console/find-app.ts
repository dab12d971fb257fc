import type { AppExistsResponse } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

/** The app key as stored, and the app's name, when a project has it; otherwise 404. */
export async function findApp(options: { db: Db; appKey: string }): Promise<AppExistsResponse> {
  const [row] = await options.db
    .select({ appKey: projects.keyApp, name: projects.name })
    .from(projects)
    .where(eq(projects.keyApp, options.appKey))
    .limit(1);
  if (!row) throw AppError.notFound(TestConsoleTexts.unknownAppKey);
  return { appKey: row.appKey, name: row.name };
}
