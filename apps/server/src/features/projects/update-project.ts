import { type IconKind, isDefaultIcon } from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import type { UpdateProjectInput } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projectSettings, projects, storedFiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { isOwnedProject, requireOwnedProject } from "../../platform/owned-project";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { type IconUpload, type StoredIcon, storeIcon } from "./store-icon";

/**
 * Changes some of a project's fields (the update page sends one small form at a time). The
 * settings record's copy of the name follows in the same transaction.
 */
export async function updateProject(options: {
  db: Db;
  userId: string;
  projectId: string;
  input: UpdateProjectInput;
}) {
  const { db, userId, projectId, input } = options;
  const values = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as UpdateProjectInput;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set(values)
      .where(isOwnedProject(userId, projectId))
      .returning();
    if (!row) throw AppError.notFound(ProjectsTexts.invalidProjectId);
    if (values.name !== undefined) {
      await tx
        .update(projectSettings)
        .set({ appName: values.name })
        .where(eq(projectSettings.id, projectId));
    }
    return row;
  });
}

/**
 * Replaces one of a project's icons. The new file is stored and checked first; the project row,
 * the new file's record and the removal of the old record are one transaction; the old file
 * leaves storage after the commit (never a default icon). A failure removes the new file.
 */
export async function replaceProjectIcon(options: {
  db: Db;
  storage: Storage;
  userId: string;
  projectId: string;
  kind: IconKind;
  uploads: AsyncIterable<IconUpload>;
}) {
  const { db, storage, userId, projectId, kind } = options;
  // Ownership before a single byte is stored.
  await requireOwnedProject(db, { userId, projectId, notFound: ProjectsTexts.invalidProjectId });
  let stored: StoredIcon | undefined;
  for await (const upload of options.uploads) {
    stored = await storeIcon({ storage, upload });
    break;
  }
  if (!stored) throw AppError.validation(FilesTexts.fieldMustHaveFile);
  const file = stored;

  try {
    const { row, oldKey } = await db.transaction(async (tx) => {
      await recordStoredFiles(tx, storage, [
        { key: file.key, ownerId: userId, contentType: file.contentType, size: file.size },
      ]);
      const current = await requireOwnedProject(tx, {
        userId,
        projectId,
        notFound: ProjectsTexts.invalidProjectId,
        lock: "update",
      });
      const oldKey = kind === "launch" ? current.icLaunchFileUrl : current.icNotificationFileUrl;
      const [updated] = await tx
        .update(projects)
        .set(
          kind === "launch" ? { icLaunchFileUrl: file.key } : { icNotificationFileUrl: file.key },
        )
        .where(isOwnedProject(userId, projectId))
        .returning();
      if (!isDefaultIcon(oldKey)) {
        await tx.delete(storedFiles).where(eq(storedFiles.key, oldKey));
      }
      return { row: updated as NonNullable<typeof updated>, oldKey };
    });
    if (!isDefaultIcon(oldKey)) await storage.remove(oldKey).catch(() => {});
    return row;
  } catch (error) {
    await storage.remove(file.key).catch(() => {});
    throw error;
  }
}
