import { type IconKind, isDefaultIcon } from "@hybridge/shared/files/icons";
import { FilesTexts } from "@hybridge/shared/files/texts";
import type { UpdateProjectInput } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projectSettings, projects, storedFiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { findOwnedProject } from "./find-owned-project";
import { type IconUpload, type StoredIcon, storeIcon } from "./store-icon";

const owned = (projectId: string, userId: string) =>
  and(eq(projects.id, projectId), eq(projects.adminId, userId));

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
    const [row] = await tx.update(projects).set(values).where(owned(projectId, userId)).returning();
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

const ICON_COLUMNS = {
  launch: projects.icLaunchFileUrl,
  notification: projects.icNotificationFileUrl,
} as const;

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
  if (!(await findOwnedProject({ db, userId, projectId }))) {
    throw AppError.notFound(ProjectsTexts.invalidProjectId);
  }
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
      const [current] = await tx
        .select({ key: ICON_COLUMNS[kind] })
        .from(projects)
        .where(owned(projectId, userId))
        .for("update");
      if (!current) throw AppError.notFound(ProjectsTexts.invalidProjectId);
      const [updated] = await tx
        .update(projects)
        .set(
          kind === "launch" ? { icLaunchFileUrl: file.key } : { icNotificationFileUrl: file.key },
        )
        .where(owned(projectId, userId))
        .returning();
      if (!isDefaultIcon(current.key)) {
        await tx.delete(storedFiles).where(eq(storedFiles.key, current.key));
      }
      return { row: updated as NonNullable<typeof updated>, oldKey: current.key };
    });
    if (!isDefaultIcon(oldKey)) await storage.remove(oldKey).catch(() => {});
    return row;
  } catch (error) {
    await storage.remove(file.key).catch(() => {});
    throw error;
  }
}
