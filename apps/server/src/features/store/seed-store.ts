import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { MODULE_PLATFORMS } from "@hybridge/shared/common/enums";
import { MODULE_MEDIA_RULES } from "@hybridge/shared/store/media";
import { MODULE_LIMITS, ModulePriceSchema } from "@hybridge/shared/store/schemas";
import { count, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import type { Db } from "../../platform/db/client";
import { appFlags, modules, type storedFiles } from "../../platform/db/schema";
import { serverRoot } from "../../platform/server-root";
import type { Storage } from "../../platform/storage";
import { recordStoredFiles } from "../../platform/stored-files";
import { encodeThumbnail } from "./store-media";

/** The example modules and their thumbnails, committed in the repository. */
export const STORE_SEED_DIR = path.join(serverRoot, "assets", "store-seed");
/** The app_flags row claimed once the store has been seeded (or found not empty): never again. */
export const STORE_SEEDED_FLAG = "store-seeded";

const SeedManifestSchema = z.object({
  modules: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(MODULE_LIMITS.title),
        description: z.string().trim().min(1).max(MODULE_LIMITS.description),
        platform: z.enum(MODULE_PLATFORMS),
        price: ModulePriceSchema,
        thumbnail: z.string().regex(/^[a-z0-9-]+\.png$/),
      }),
    )
    .min(1),
});

export type SeedStoreResult =
  | { status: "disabled" | "already-seeded" | "store-not-empty" }
  | { status: "seeded"; count: number };

/**
 * On a first start, puts the example modules of assets/store-seed/ in an empty store, so that a
 * new user sees a living store. Runs once per database: the app_flags row "store-seeded" is
 * claimed in the same transaction as the inserts, so deleting every module later does not bring
 * them back, a server started on the same database with another DATA_DIR does not seed again,
 * and of two servers starting at once only one seeds. A store that already has modules is never
 * seeded. Thumbnails are copied into storage like uploads (checked by content, no owner).
 * Nothing is left half-done: on failure, or when another server won, the copied files are removed.
 */
export async function seedStore(options: {
  db: Db;
  storage: Storage;
  enabled: boolean;
  log?: FastifyBaseLogger;
  seedDir?: string;
  now?: Date;
}): Promise<SeedStoreResult> {
  const { db, storage, enabled, log } = options;
  if (!enabled) return { status: "disabled" };
  const claimFlag = async (tx: Pick<Db, "insert">) =>
    (
      await tx
        .insert(appFlags)
        .values({ key: STORE_SEEDED_FLAG })
        .onConflictDoNothing()
        .returning({ key: appFlags.key })
    ).length === 1;

  const [flag] = await db
    .select({ key: appFlags.key })
    .from(appFlags)
    .where(eq(appFlags.key, STORE_SEEDED_FLAG));
  if (flag) return { status: "already-seeded" };

  const [existing] = await db.select({ n: count() }).from(modules);
  if ((existing?.n ?? 0) > 0) {
    // Modules another server seeded between the two reads count as seeded, not as the owners'.
    return { status: (await claimFlag(db)) ? "store-not-empty" : "already-seeded" };
  }

  const seedDir = options.seedDir ?? STORE_SEED_DIR;
  const manifest = SeedManifestSchema.parse(
    JSON.parse(await readFile(path.join(seedDir, "manifest.json"), "utf8")),
  );
  const now = (options.now ?? new Date()).getTime();
  const copied: string[] = [];
  const rows: Array<{
    file: typeof storedFiles.$inferInsert;
    module: typeof modules.$inferInsert;
  }> = [];
  let claimed = false;
  try {
    for (const [index, entry] of manifest.modules.entries()) {
      // Our own pictures, stored the way any thumbnail is: the server's WebP of them.
      const image = await encodeThumbnail(await readFile(path.join(seedDir, entry.thumbnail)));
      const key = `${MODULE_MEDIA_RULES.thumbnail.folder}/${randomUUID()}.${image.extension}`;
      copied.push(key);
      await storage.put(key, Readable.from([image.body]));
      const size = image.body.length;
      rows.push({
        file: { key, ownerId: null, contentType: image.contentType, size },
        module: {
          title: entry.title,
          description: entry.description,
          platform: entry.platform,
          price: entry.price,
          thumbnailUrl: key,
          videoUrl: null,
          createdBy: null,
          // The manifest lists them newest first, a second apart.
          createdAt: new Date(now - index * 1000),
        },
      });
    }
    claimed = await db.transaction(async (tx) => {
      if (!(await claimFlag(tx))) return false;
      await recordStoredFiles(
        tx,
        storage,
        rows.map((r) => r.file),
      );
      await tx.insert(modules).values(rows.map((r) => r.module));
      return true;
    });
  } finally {
    if (!claimed) await Promise.allSettled(copied.map((key) => storage.remove(key)));
  }
  if (!claimed) return { status: "already-seeded" };
  log?.info({ count: rows.length }, "store seeded with example modules");
  return { status: "seeded", count: rows.length };
}
