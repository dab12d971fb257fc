import type { TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";

/** A build request, inserted directly with the given fields. */
export async function seedBuild(
  app: TestApp,
  project: { id: string; adminId: string; keyApp: string },
  values: {
    platform: "android" | "apple";
    status?: string;
    version: number;
    dateGenerate?: Date;
  },
) {
  const [build] = await app.deps.db
    .insert(schema.builds)
    .values({
      projectId: project.id,
      ownerId: project.adminId,
      appKey: project.keyApp,
      ...values,
    })
    .returning();
  if (!build) throw new Error("no build");
  return build;
}

/**
 * Marks a build ready, as a build machine does once its app is uploaded (decision 020: only a
 * ready build can be published).
 */
export async function markReady(app: TestApp, buildId: string) {
  const { eq } = await import("drizzle-orm");
  await app.deps.db
    .update(schema.builds)
    .set({ status: "ready", buildPercent: "100" })
    .where(eq(schema.builds.id, buildId));
}
