import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { modules, storedFiles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { Storage } from "../../platform/storage";
import { canDeleteModule, isModuleId } from "./module-view";

/**
 * Deletes a module when `user` added it or is an admin. Modules are public to signed-in users,
 * so someone else's module answers 403 (hiding it would hide nothing); an unknown one 404.
 * The row, its integrations (ON DELETE CASCADE) and its stored_files rows go in one
 * transaction; the files themselves are removed after the commit.
 */
export async function deleteModule(options: {
  db: Db;
  storage: Storage;
  user: SessionUser;
  moduleId: string;
}): Promise<void> {
  const { db, storage, user, moduleId } = options;
  if (!isModuleId(moduleId)) throw AppError.notFound(StoreTexts.moduleNotFound);
  const keys = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        createdBy: modules.createdBy,
        thumbnailUrl: modules.thumbnailUrl,
        videoUrl: modules.videoUrl,
      })
      .from(modules)
      .where(eq(modules.id, moduleId))
      .for("update");
    if (!found) throw AppError.notFound(StoreTexts.moduleNotFound);
    if (!canDeleteModule(user, found)) {
      throw new AppError(ErrorCodes.FORBIDDEN, StoreTexts.forbiddenDelete);
    }
    await tx.delete(modules).where(eq(modules.id, moduleId));
    const files = [found.thumbnailUrl, found.videoUrl].filter((k): k is string => k !== null);
    await tx.delete(storedFiles).where(inArray(storedFiles.key, files));
    return files;
  });
  await Promise.allSettled(keys.map((key) => storage.remove(key)));
}
