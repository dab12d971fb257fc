import { randomBytes } from "node:crypto";
import { seedDatabaseKey } from "../../../test/seed-database-key";
import type { TestApp, TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";

/** A project owned by `owner`, inserted directly (the creation API is not under test here). */
export async function seedProject(app: TestApp, owner: TestUser, name = "My App") {
  const suffix = randomBytes(8).toString("hex");
  const [project] = await app.deps.db
    .insert(schema.projects)
    .values({
      id: `p${suffix}`.padEnd(101, "x"),
      name,
      keyApp: `app-${suffix}`,
      description: "An app",
      segment: "other",
      adminId: owner.id,
      tester: owner.email,
    })
    .returning();
  if (!project) throw new Error("no project");
  return project;
}

/** A project as seedProject makes it, with its settings record and database key (in clear). */
export async function seedKeyedProject(app: TestApp, owner: TestUser, name = "My App") {
  const project = await seedProject(app, owner, name);
  return { ...project, databaseKey: await seedDatabaseKey(app.deps.db, project) };
}

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
