import { randomUUID } from "node:crypto";
import type { Update } from "@hybridge/shared/updates/schemas";
import { UpdatesTexts } from "@hybridge/shared/updates/texts";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { updateChannels, updates, webBundles } from "../../platform/db/schema";
import type { Encryption } from "../../platform/encryption";
import { AppError } from "../../platform/errors";
import { projectBytesLeft, reserveProjectBytes, storageFull } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { channelCache } from "./update-cache";
import { ensureUpdateKey, signStream } from "./update-keys";
import { toUpdate } from "./update-view";

/**
 * Makes an over-the-air update of a stored bundle (decision 051): the bundle's zip — re-packed
 * at upload with sorted names and fixed timestamps, index.html at its root, so the same files
 * give the same bytes — is copied to the update's own key (pruning the bundle never breaks an
 * installed update), hashed and signed with the project's update key (made on first need), then
 * the channel (made on first use) and the update are recorded in one transaction.
 *
 * The copy counts in the project's storage like a bundle (decision 056): refused before it is
 * made when the room left is smaller than the bundle, and reserved in the update's transaction
 * (a concurrent upload that took the room meanwhile makes it fail there, leaving no file).
 */
export async function createUpdate(options: {
  db: Db;
  storage: Storage;
  seal: Encryption;
  projectId: string;
  ownerId: string;
  /** The stored web bundle the update is made of (its zip is already deterministic). */
  bundleId: string;
  channel: string;
  message: string;
  rolloutPercent: number;
  runtimeVersion: string;
  /** PROJECT_MAX_STORAGE_MB in bytes (decision 035). */
  maxProjectBytes: number;
}): Promise<Update> {
  const { db, storage, seal, projectId } = options;
  const key = await ensureUpdateKey(db, seal, projectId);
  const fileKey = `updates/${randomUUID()}.zip`;
  // Copied under a lock on the bundle's row: a concurrent deploy's pruning waits for the copy
  // instead of removing the file under it.
  try {
    const copied = await db.transaction(async (tx) => {
      const [bundle] = await tx
        .select({ fileKey: webBundles.fileKey, size: webBundles.size })
        .from(webBundles)
        .where(and(eq(webBundles.id, options.bundleId), eq(webBundles.projectId, projectId)))
        .for("key share");
      if (
        bundle &&
        (await projectBytesLeft(tx, projectId, options.maxProjectBytes)) < bundle.size
      ) {
        throw storageFull(options.maxProjectBytes);
      }
      const source = bundle ? await storage.open(bundle.fileKey) : null;
      if (!source) return false;
      await storage.put(fileKey, source.stream);
      return true;
    });
    if (!copied) throw AppError.conflict(UpdatesTexts.bundleReplaced);
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
      // The update keeps its own copy: the bundle may have been pruned since the copy (a later
      // deploy of the same project), and is then named as gone rather than failing the insert.
      const [source] = await tx
        .select({ id: webBundles.id })
        .from(webBundles)
        .where(eq(webBundles.id, options.bundleId))
        .for("key share");
      const [inserted] = await tx
        .insert(updates)
        .values({
          projectId,
          channelId: channel.id,
          bundleId: source ? options.bundleId : null,
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
      // Last: a concurrent upload's transaction prunes bundles (row locks) before it counts its
      // bytes, so taking project_storage's row only after the bundle's key share cannot deadlock.
      await reserveProjectBytes(tx, {
        projectId,
        bytes: signed.size,
        maxBytes: options.maxProjectBytes,
      });
      return { row: inserted, channelName: channel.name };
    });
    channelCache.clear();
    return toUpdate(row, channelName);
  } catch (error) {
    await storage.remove(fileKey).catch(() => {});
    throw error;
  }
}
