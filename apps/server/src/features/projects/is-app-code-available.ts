import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects } from "../../platform/db/schema";

/** Whether no project uses this app code yet. */
export async function isAppCodeAvailable(options: { db: Db; code: string }) {
  const rows = await options.db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.keyApp, options.code))
    .limit(1);
  return rows.length === 0;
}
