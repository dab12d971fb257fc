import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { newDatabaseKey } from "../src/features/projects/ids";
import type { Tx } from "../src/platform/db/client";
import * as schema from "../src/platform/db/schema";
import type { TestApp } from "./test-app";

/**
 * Rows the API tests need but do not test, written directly: a project (its creation through
 * the API is the projects feature's subject, `createTestProject`), its database key, and the
 * files left on disk. One helper per job, for every feature's tests.
 */

let seeded = 0;

/** A project of `owner`, inserted directly. Name and app code are unique unless given. */
export async function seedProject(
  app: TestApp,
  owner: { id: string; email: string },
  options: {
    name?: string;
    keyApp?: string;
    createdAt?: Date;
    statusbar?: string;
    navBarType?: string;
  } = {},
) {
  seeded += 1;
  const suffix = randomBytes(8).toString("hex");
  const [project] = await app.deps.db
    .insert(schema.projects)
    .values({
      id: `p${suffix}`.padEnd(101, "x"),
      name: options.name ?? `App ${seeded}`,
      keyApp: options.keyApp ?? `app-${seeded}-${suffix}`,
      description: "An app",
      segment: "other",
      adminId: owner.id,
      tester: owner.email,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      ...(options.statusbar ? { statusbar: options.statusbar } : {}),
      ...(options.navBarType ? { navBarType: options.navBarType } : {}),
    })
    .returning();
  if (!project) throw new Error("no project");
  return project;
}

/**
 * The settings record of a project inserted directly, with a new database key, as if the
 * settings page had shown it: only its hash and display prefix are stored. Returns the key.
 */
export async function seedDatabaseKey(
  db: TestApp["deps"]["db"] | Tx,
  project: { id: string; keyApp: string; name: string },
): Promise<string> {
  const key = newDatabaseKey();
  await db.insert(schema.projectSettings).values({
    id: project.id,
    databaseKeyHash: key.hash,
    databaseKeyPrefix: key.prefix,
    keyRevealedAt: new Date(),
    appId: `encrypted-${project.id}`,
    appKey: project.keyApp,
    appName: project.name,
  });
  return key.key;
}

/** A project as seedProject makes it, with its settings record and database key (in clear). */
export async function seedKeyedProject(
  app: TestApp,
  owner: { id: string; email: string },
  options: Parameters<typeof seedProject>[2] = {},
) {
  const project = await seedProject(app, owner, options);
  return { ...project, databaseKey: await seedDatabaseKey(app.deps.db, project) };
}

/** Every file under DATA_DIR/files (relative keys), sorted. */
export function storedFileKeys(app: TestApp): string[] {
  const root = path.join(app.dataDir, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}
