import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client";
import { projectDatabases, projectSettings, projects } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { type DatabaseKey, newDatabaseKey } from "./ids";

const ownedBy = (userId: string) =>
  sql`exists (select 1 from ${projects} where ${projects.id} = ${projectSettings.id} and ${projects.adminId} = ${userId})`;

/**
 * The settings page's data. The first view reveals the clear database key and forgets it in
 * the same statement: `UPDATE … SET database_key_once = NULL, key_revealed_at = now() WHERE
 * id = … AND key_revealed_at IS NULL RETURNING` the value from before the update. Two
 * simultaneous first views cannot both get it: the second waits for the first's row lock, then
 * finds key_revealed_at set and updates nothing. Later views get `databaseKey: null`.
 */
export async function viewProjectSettings(options: { db: Db; userId: string; projectId: string }) {
  const { db, userId, projectId } = options;
  const before = alias(projectSettings, "before");
  const [revealed] = await db
    .update(projectSettings)
    .set({ databaseKeyOnce: null, keyRevealedAt: sql`now()` })
    .from(before)
    .where(
      and(
        eq(projectSettings.id, projectId),
        isNull(projectSettings.keyRevealedAt),
        eq(before.id, projectSettings.id),
        ownedBy(userId),
      ),
    )
    .returning({ key: before.databaseKeyOnce });

  const [row] = await db
    .select()
    .from(projectSettings)
    .where(and(eq(projectSettings.id, projectId), ownedBy(userId)))
    .limit(1);
  if (!row) throw AppError.notFound(ProjectsTexts.settingsNotFound);
  return { row, databaseKey: revealed?.key ?? null };
}

/**
 * A new database key for the project: a new database id and prefix, a new hash (the old key
 * stops authorising at once). The clear key is in this answer only; it is never stored.
 */
export async function regenerateDatabaseKey(options: {
  db: Db;
  userId: string;
  projectId: string;
  newKey?: () => DatabaseKey;
}) {
  const { db, userId, projectId } = options;
  const key = (options.newKey ?? newDatabaseKey)();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projectSettings)
      .set({
        databaseKeyHash: key.hash,
        databaseKeyPrefix: key.prefix,
        databaseKeyOnce: null,
        keyRevealedAt: sql`now()`,
      })
      .where(and(eq(projectSettings.id, projectId), ownedBy(userId)))
      .returning();
    if (!row) throw AppError.notFound(ProjectsTexts.settingsNotFound);
    await tx
      .update(projectDatabases)
      .set({ id: key.databaseId })
      .where(eq(projectDatabases.projectId, projectId));
    return { row, databaseKey: key.key };
  });
}
