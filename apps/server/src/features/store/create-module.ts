import type { ModuleMediaKind } from "@hybridge/shared/store/media";
import type { CreateModuleInput } from "@hybridge/shared/store/schemas";
import { StoreTexts } from "@hybridge/shared/store/texts";
import type { Db } from "../../platform/db/client";
import { modules } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { FileUpload } from "../../platform/multipart-form";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import type { ModuleRow } from "./module-view";
import { type StoredMedia, storeModuleMedia } from "./store-media";

/**
 * Adds a module to the store as one unit: its files are streamed to storage and checked first,
 * then their stored_files rows and the module row are written in one transaction. The files
 * have no owner (docs/decisions/003: the store outlives its authors); the module records its
 * author in created_by. If anything fails, the files written so far are deleted: no orphan.
 */
export async function createModule(options: {
  db: Db;
  storage: Storage;
  authorId: string;
  input: CreateModuleInput;
  /** The request's files (thumbnail required, video optional), read lazily. */
  files: AsyncIterable<FileUpload<ModuleMediaKind>> | Iterable<FileUpload<ModuleMediaKind>>;
}): Promise<ModuleRow> {
  const { db, storage, authorId, input, files } = options;
  const stored: StoredMedia[] = [];
  try {
    for await (const upload of files) stored.push(await storeModuleMedia({ storage, upload }));
    const thumbnail = stored.find((f) => f.kind === "thumbnail");
    const video = stored.find((f) => f.kind === "video");
    if (!thumbnail) throw AppError.validation(StoreTexts.required);

    return await db.transaction(async (tx) => {
      await recordStoredFiles(
        tx,
        storage,
        stored.map((f) => ({
          key: f.key,
          ownerId: null,
          contentType: f.contentType,
          size: f.size,
        })),
      );
      const [row] = await tx
        .insert(modules)
        .values({
          title: input.title,
          description: input.description,
          platform: input.platform,
          price: input.price,
          thumbnailUrl: thumbnail.key,
          videoUrl: video?.key ?? null,
          createdBy: authorId,
        })
        .returning();
      return row as ModuleRow;
    });
  } catch (error) {
    await Promise.allSettled(stored.map((f) => storage.remove(f.key)));
    throw error;
  }
}
