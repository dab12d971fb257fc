import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pipeline as pipe, type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { Bundle } from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { projects, storedFiles, webBundles } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { type FileUpload, multipartError } from "../../platform/multipart-form";
import { requireOwnedProject } from "../../platform/owned-project";
import { projectBytesLeft, reserveProjectBytes, storageFull } from "../../platform/quotas";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { toBundle } from "./bundle-view";
import { type BundleLimits, checkAndRepackBundle } from "./check-bundle";

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** The zip as sent may be a little larger than its content (headers, stored entries). */
const ZIP_OVERHEAD = 2 * 1024 * 1024;

/** The bundles of a project pruning may remove: past the newest `keep`, and in no build's hands. */
function prunable(projectId: string, keep: number) {
  return sql`(select w.id from web_bundles w
    where w.project_id = ${projectId}
      and not exists (
        select 1 from builds b where b.bundle_id = w.id and b.status in ('pending', 'building')
      )
    order by w.created_at desc, w.id desc
    offset ${keep})`;
}

/** What the quotas leave for a new bundle: the room left, plus what its pruning will free. */
async function roomForBundle(db: Db, projectId: string, quotas: BundleQuotas) {
  const [row] = await db
    .select({ freed: sql<number>`coalesce(sum(${webBundles.size}), 0)`.mapWith(Number) })
    .from(webBundles)
    .where(inArray(webBundles.id, prunable(projectId, quotas.keep - 1)));
  const left = await projectBytesLeft(db, projectId, quotas.maxProjectBytes);
  return left + (row?.freed ?? 0);
}

/** BUNDLE_KEEP_PER_PROJECT and PROJECT_MAX_STORAGE_MB (decision 035). */
export type BundleQuotas = { keep: number; maxProjectBytes: number };

/**
 * Takes an uploaded zip: spooled to a private temporary folder (size-capped), checked and
 * re-packed by its content (check-bundle.ts) straight into storage, then recorded with its row
 * in one transaction. A refused or failed upload leaves no file and no row.
 *
 * Quotas (decision 035): the same transaction prunes the project's bundles past the newest
 * `keep` (never one a pending or building build was given) and counts the bytes in the
 * project's storage (what the pruning frees is given back first); a project whose storage is
 * full is refused before its upload is read, and the re-pack stops as soon as it outgrows the
 * room left. Pruned files leave storage after the commit.
 *
 * `roomForUpdate`: the bundle is also to become an over-the-air update, whose zip is a copy of
 * the same size that counts too (decision 056). The commit then also needs that much left after
 * the bundle, so that a deploy the quota cannot hold leaves neither a bundle nor an update.
 */
export async function uploadBundle(options: {
  db: Db;
  storage: Storage;
  userId: string;
  projectId: string;
  upload: FileUpload<"bundle">;
  limits: BundleLimits;
  quotas: BundleQuotas;
  roomForUpdate?: boolean;
}): Promise<Bundle> {
  const { db, storage, limits, quotas, projectId } = options;
  await requireOwnedProject(db, {
    userId: options.userId,
    projectId: options.projectId,
    notFound: BundlesTexts.bundleNotFound,
  });
  const free = await roomForBundle(db, projectId, quotas);
  const room = options.roomForUpdate ? Math.floor(free / 2) : free;
  if (room <= 0) {
    options.upload.stream.destroy();
    throw storageFull(quotas.maxProjectBytes);
  }
  const work = await mkdtemp(path.join(tmpdir(), "hybridge-bundle-"));
  const key = `bundles/${randomUUID()}.zip`;
  let stored = false;
  try {
    const sent = path.join(work, "sent.zip");
    let received = 0;
    let head = Buffer.alloc(0);
    try {
      await pipeline(
        options.upload.stream,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            received += chunk.length;
            if (received > limits.maxUnpackedBytes + ZIP_OVERHEAD) {
              throw AppError.validation(
                BundlesTexts.tooLarge(Math.round(limits.maxUnpackedBytes / 1024 / 1024)),
              );
            }
            if (head.length < 4) {
              head = Buffer.concat([head, chunk]).subarray(0, 4);
              if (head.length === 4 && !head.equals(ZIP_MAGIC)) {
                throw AppError.validation(BundlesTexts.notZip);
              }
            }
            yield chunk;
          }
        },
        createWriteStream(sent),
      );
    } catch (error) {
      options.upload.stream.destroy();
      throw error instanceof AppError ? error : multipartError(error);
    }
    if (received === 0) throw AppError.validation(BundlesTexts.fileRequired);
    if (!head.equals(ZIP_MAGIC)) throw AppError.validation(BundlesTexts.notZip);

    const checked = await checkAndRepackBundle({
      file: sent,
      limits,
      write: async (body) => {
        stored = true;
        await storage.put(
          key,
          capped(body, room, () => storageFull(quotas.maxProjectBytes)),
        );
      },
    });
    const fileName = (options.upload.fileName || "bundle.zip").slice(0, 255);
    const { row, pruned } = await db.transaction(async (tx) => {
      await recordStoredFiles(tx, storage, [
        { key, ownerId: options.userId, contentType: "application/zip", size: checked.size },
      ]);
      // One upload of a project at a time from here: each prunes what the other added.
      await tx
        .select({ id: projects.id })
        .from(projects)
        .where(eq(projects.id, projectId))
        .for("no key update");
      const [inserted] = await tx
        .insert(webBundles)
        .values({
          projectId,
          fileKey: key,
          fileName,
          size: checked.size,
          unpackedSize: checked.unpackedSize,
          fileCount: checked.fileCount,
          sha256: checked.sha256,
        })
        .returning();
      if (!inserted) throw new Error("insert returned no bundle");
      const removed = await tx
        .delete(webBundles)
        .where(inArray(webBundles.id, prunable(projectId, quotas.keep)))
        .returning({ fileKey: webBundles.fileKey, size: webBundles.size });
      if (removed.length > 0) {
        await tx.delete(storedFiles).where(
          inArray(
            storedFiles.key,
            removed.map((bundle) => bundle.fileKey),
          ),
        );
      }
      const freed = removed.reduce((sum, bundle) => sum + bundle.size, 0);
      await reserveProjectBytes(tx, {
        projectId,
        bytes: checked.size - freed,
        maxBytes: quotas.maxProjectBytes,
      });
      if (
        options.roomForUpdate &&
        (await projectBytesLeft(tx, projectId, quotas.maxProjectBytes)) < checked.size
      ) {
        throw storageFull(quotas.maxProjectBytes);
      }
      return { row: inserted, pruned: removed };
    });
    await Promise.allSettled(pruned.map((bundle) => storage.remove(bundle.fileKey)));
    return toBundle(row, true);
  } catch (error) {
    if (stored) await storage.remove(key).catch(() => {});
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/**
 * `source`, failing with `tooLarge()` once more than `maxBytes` went through (and with the
 * source's own error when it fails: a refusal of the re-pack).
 */
function capped(source: Readable, maxBytes: number, tooLarge: () => Error): Readable {
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      done(size > maxBytes ? tooLarge() : null, chunk);
    },
  });
  return pipe(source, meter, () => {});
}
