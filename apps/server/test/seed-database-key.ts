import { newDatabaseKey } from "../src/features/projects/ids";
import type { Tx } from "../src/platform/db/client";
import * as schema from "../src/platform/db/schema";
import type { TestApp } from "./test-app";

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
