import { randomUUID } from "node:crypto";
import type { Update } from "@hybridge/shared/updates/schemas";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { updateChannels, updates } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { channelCache } from "./update-cache";
import { ensureUpdateKey, signStream } from "./update-keys";
import { toUpdate } from "./update-view";

/** The stored web bundle an update is made from (its zip is already deterministic). */
export type UpdateSource = { id: string; fileKey: string };

/**
 * Makes an over-the-air update of a stored bundle (decision 051): the bundle's zip — re-packed
 * at upload with sorted names and fixed timestamps, index.html at its root, so the same files
 * give the same bytes — is copied to the update's own key (pruning the bundle never breaks an
 * installed update), hashed and signed with the project's update key (made on first need), then
 * the channel (made on first use) and the update are recorded in one transaction.
 */
export async function createUpdate(options: {
  db: Db;
  storage: Storage;
  seal: Encryption;
  projectId: string;
  ownerId: string;
  bundle: UpdateSource;
  channel: string;
  message: string;
  rolloutPercent: number;
  runtimeVersion: string;
}): Promise<Update> {
  const { db, storage, seal, projectId } = options;
  const key = await ensureUpdateKey(db, seal, projectId);
  const source = await storage.open(options.bundle.fileKey);
  if (!source) throw new Error(`bundle file ${options.bundle.fileKey} is not in storage`);
  const fileKey = `updates/${randomUUID()}.zip`;
  await storage.put(fileKey, source.stream);
  try {
    const copy = await storage.open(fileKey);
    if (!copy) throw new Error(`update file ${fileKey} is not in storage`);
    const signed = await signStream(copy.stream, {
      privateKeySealed: key.privateKeySealed,
      projectId,
      seal,
    });
    const { row, channelName } = await db.transaction(async (tx) => {
      await recordStoredFiles(tx, storage, [
        {
          key: fileKey,
          ownerId: options.ownerId,
          contentType: "application/zip",
          size: signed.size,
        },
      ]);
      await tx
        .insert(updateChannels)
        .values({ projectId, name: options.channel })
        .onConflictDoNothing();
      const [channel] = await tx
        .select({ id: updateChannels.id, name: updateChannels.name })
        .from(updateChannels)
        .where(
          and(eq(updateChannels.projectId, projectId), eq(updateChannels.name, options.channel)),
        );
      if (!channel) throw new Error("update channel missing after insert");
      const [inserted] = await tx
        .insert(updates)
        .values({
          projectId,
          channelId: channel.id,
          bundleId: options.bundle.id,
          fileKey,
          size: signed.size,
          sha256: signed.sha256,
          signature: signed.signature,
          message: options.message,
          runtimeVersion: options.runtimeVersion,
          rolloutPercent: options.rolloutPercent,
        })
        .returning();
      if (!inserted) throw new Error("insert returned no update");
      return { row: inserted, channelName: channel.name };
    });
    channelCache.clear();
    return toUpdate(row, channelName);
  } catch (error) {
    await storage.remove(fileKey).catch(() => {});
    throw error;
  }
}
