import { DEFAULT_ICONS } from "@hybridge/shared/files/icons";
import type { CreateProjectInput } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts, QuotaTexts } from "@hybridge/shared/projects/texts";
import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client";
import { projectDatabases, projectSettings, projects } from "../../platform/db/schema";
import { AppError, isConstraintViolation } from "../../platform/errors";
import { ownedBy } from "../../platform/owned-project";
import { lockAccount } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { type DatabaseKey, newDatabaseId, newDatabaseKey, newProjectId } from "./ids";
import { keySealedUntil } from "./project-settings";
import { type IconUpload, type StoredIcon, storeIcon } from "./store-icon";

export const ENCRYPTION_FAILED = "ENCRYPTION_FAILED";

/** How many projects the account owns. */
async function countProjects(db: Db | Tx, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(ownedBy(userId));
  return Number(row?.n ?? 0);
}

const tooManyProjects = (max: number) => AppError.conflict(QuotaTexts.tooManyProjects(max));

/**
 * Creates an app project, running spec section 4's steps in order as one unit:
 *   1. check the app code is unused,   2. upload the icons,   3. save the project,
 *   4. save its database document,     5. encrypt the project id,   6. save the settings record.
 * Steps 3–6 (and the icons' stored_files rows) are one transaction; the icon files, written
 * before it, are deleted if anything fails, so a failure leaves no file, row or settings behind.
 * The settings keep the database key's hash, and the key itself sealed (encrypted under the
 * server's secret for this project) only until the settings page has shown it once.
 *
 * An account owns at most `maxProjects` (MAX_PROJECTS_PER_USER, decision 035): checked before
 * the icons are read, and counted again in the transaction under the account's row lock, so
 * that creations at the same moment cannot pass the limit together.
 */
export async function createProject(options: {
  db: Db;
  storage: Storage;
  owner: { id: string; email: string };
  input: CreateProjectInput;
  /** The request's icon files, read lazily (after step 1). */
  icons: AsyncIterable<IconUpload> | Iterable<IconUpload>;
  /** Encrypts for the project's owner (see encryption.ts). */
  encrypt: (text: string, owner: string) => string | Promise<string>;
  /** Seals the new database key for the project (see encryption.ts). */
  sealKey: (key: string, projectId: string) => string;
  newKey?: () => DatabaseKey;
  maxProjects: number;
}) {
  const { db, storage, owner, input, icons, encrypt, sealKey, maxProjects } = options;
  if ((await countProjects(db, owner.id)) >= maxProjects) throw tooManyProjects(maxProjects);

  // 1. The code is free (the unique constraint decides again at step 3, against races).
  const taken = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.keyApp, input.keyApp))
    .limit(1);
  if (taken.length > 0) throw AppError.conflict(ProjectsTexts.codeTaken);

  const stored: StoredIcon[] = [];
  try {
    // 2. The icons, streamed to storage and checked by content.
    for await (const upload of icons) stored.push(await storeIcon({ storage, upload }));
    const iconKey = (kind: StoredIcon["kind"]) => stored.find((f) => f.kind === kind)?.key;

    const id = newProjectId();
    const key = (options.newKey ?? newDatabaseKey)();
    return await db.transaction(async (tx) => {
      await recordStoredFiles(
        tx,
        storage,
        stored.map((f) => ({
          key: f.key,
          ownerId: owner.id,
          contentType: f.contentType,
          size: f.size,
        })),
      );
      await lockAccount(tx, owner.id);
      if ((await countProjects(tx, owner.id)) >= maxProjects) throw tooManyProjects(maxProjects);
      // 3. The project.
      const [project] = await tx
        .insert(projects)
        .values({
          id,
          name: input.name,
          keyApp: input.keyApp,
          description: input.description,
          segment: input.segment,
          color: input.color,
          statusbar: input.statusbar,
          navBarType: input.navBarType,
          icLaunchFileUrl: iconKey("launch") ?? DEFAULT_ICONS.launch,
          icNotificationFileUrl: iconKey("notification") ?? DEFAULT_ICONS.notification,
          adminId: owner.id,
          tester: owner.email,
        })
        .returning();
      // 4. Its database document.
      await tx.insert(projectDatabases).values({ id: newDatabaseId(), projectId: id });
      // 5. The encrypted project id.
      let appId: string;
      try {
        appId = await encrypt(id, owner.id);
      } catch (cause) {
        throw Object.assign(new AppError(ENCRYPTION_FAILED, ProjectsTexts.encryptionFailed, 500), {
          cause,
        });
      }
      // 6. The settings record.
      await tx.insert(projectSettings).values({
        id,
        databaseKeyHash: key.hash,
        databaseKeyPrefix: key.prefix,
        databaseKeySealed: sealKey(key.key, id),
        databaseKeySealedUntil: keySealedUntil(),
        appId,
        appKey: input.keyApp,
        appName: input.name,
      });
      return project as NonNullable<typeof project>;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((f) => storage.remove(f.key)));
    if (isConstraintViolation(error, "projects_key_app_unique")) {
      throw AppError.conflict(ProjectsTexts.codeTaken);
    }
    throw error;
  }
}
