import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../test/test-app";
import type { Db } from "./db/client";
import { storedFiles } from "./db/schema";
import { startFileSweeper, sweepUnrecordedFiles } from "./file-sweep";
import { createLocalStorage, type Storage } from "./storage";
import { recordStoredFiles, StoredFileMissingError } from "./stored-files";

let app: TestApp;
let db: Db;
beforeAll(async () => {
  app = await createTestApp();
  ({ db } = app.deps);
});
afterAll(async () => {
  await app?.cleanup();
});

const HOUR = 3_600_000;
const newKey = (folder = "module-thumbnails") => `${folder}/${randomUUID()}.png`;

/** A storage folder of its own for each test (the database is shared, keys are unique). */
function freshStorage() {
  const root = mkdtempSync(path.join(app.dataDir, "files-"));
  const fileOf = (key: string) => path.join(root, key);
  return {
    storage: createLocalStorage(root),
    fileOf,
    /** Puts a file in storage as if written `ageMs` ago. */
    plant(key: string, ageMs: number) {
      mkdirSync(path.dirname(fileOf(key)), { recursive: true });
      writeFileSync(fileOf(key), "bytes");
      const at = new Date(Date.now() - ageMs);
      utimesSync(fileOf(key), at, at);
      return key;
    },
  };
}
const rowOf = (key: string, ownerId: string | null = null) => ({
  key,
  ownerId,
  contentType: "image/png",
  size: 5,
});
const sweep = (options: { storage: Storage; db?: Db }) =>
  sweepUnrecordedFiles({ db, minAgeMs: HOUR, ...options });

/** How long a sweep may take to be seen, on CI's two loaded cores. */
const SOON = { timeout: 20_000, interval: 20 };

describe("sweepUnrecordedFiles", () => {
  it("removes old files that no row records and old partial writes, nothing else", async () => {
    const { storage, fileOf, plant } = freshStorage();
    const owner = await createTestUser(app);
    const orphan = plant(newKey(), 2 * HOUR);
    const partial = plant(`${newKey("module-videos")}.partial`, 2 * HOUR);
    const storeMedia = plant(newKey(), 2 * HOUR);
    const icon = plant(newKey("app-icons"), 30 * 24 * HOUR);
    const recent = plant(newKey(), HOUR - 60_000);
    await db.insert(storedFiles).values([rowOf(storeMedia), rowOf(icon, owner.id)]);

    const { removed } = await sweep({ storage });

    expect(removed).toBe(2);
    expect(existsSync(fileOf(orphan))).toBe(false);
    expect(existsSync(fileOf(partial))).toBe(false);
    for (const kept of [storeMedia, icon, recent]) expect(existsSync(fileOf(kept))).toBe(true);
  });

  it("goes through storage in batches, one transaction (and row query) per batch", async () => {
    const { storage, fileOf, plant } = freshStorage();
    const keys = Array.from({ length: 1100 }, () => plant(newKey("batch"), 2 * HOUR));
    const recorded = keys.filter((_, i) => i % 2 === 0);
    await db.insert(storedFiles).values(recorded.map((key) => rowOf(key)));
    let transactions = 0;
    const counting = {
      transaction: ((work) => {
        transactions++;
        return db.transaction(work);
      }) as Db["transaction"],
    } as Db;

    const { removed } = await sweep({ storage, db: counting });

    expect(removed).toBe(550);
    expect(transactions).toBe(3);
    keys.forEach((key, i) => {
      expect(existsSync(fileOf(key))).toBe(i % 2 === 0);
    });
  });

  it("keeps a file whose row is committed after storage was listed", async () => {
    const { storage, fileOf, plant } = freshStorage();
    const late = plant(newKey(), 2 * HOUR);
    const listedThenRecorded: Storage = {
      ...storage,
      async *list() {
        yield* storage.list();
        // The upload's transaction commits while the sweep holds a listing without its row.
        await db.transaction((tx) => recordStoredFiles(tx, storage, [rowOf(late)]));
      },
    };
    await sweep({ storage: listedThenRecorded });
    expect(existsSync(fileOf(late))).toBe(true);
  });

  it("makes a writer whose file it removed fail, recording nothing", async () => {
    const { storage, fileOf, plant } = freshStorage();
    const slow = plant(newKey(), 2 * HOUR);
    await sweep({ storage });
    expect(existsSync(fileOf(slow))).toBe(false);
    await expect(
      db.transaction((tx) => recordStoredFiles(tx, storage, [rowOf(slow)])),
    ).rejects.toBeInstanceOf(StoredFileMissingError);
    expect(await db.select().from(storedFiles).where(eq(storedFiles.key, slow))).toEqual([]);
  });

  // PGlite runs one transaction at a time, so there the two cannot overlap at all.
  it.runIf(process.env.TEST_DATABASE_URL)(
    "waits for a transaction recording files, then keeps them",
    async () => {
      const { storage, fileOf, plant } = freshStorage();
      const file = plant(newKey(), 2 * HOUR);
      let swept: Promise<unknown> | undefined;
      await db.transaction(async (tx) => {
        await recordStoredFiles(tx, storage, [rowOf(file)]);
        swept = sweep({ storage });
        // Commit only once the sweep is waiting for the lock this transaction holds.
        await expect
          .poll(async () => {
            // postgres-js answers the rows themselves.
            const [waiting] = (await db.execute(
              sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
            )) as unknown as { n: number }[];
            return waiting?.n;
          }, SOON)
          .toBe(1);
      });
      await swept;
      expect(existsSync(fileOf(file))).toBe(true);
    },
  );
});

describe("startFileSweeper", () => {
  it("sweeps at once, then on its interval, until stopped", async () => {
    const { storage, fileOf, plant } = freshStorage();
    const first = plant(newKey(), 2 * HOUR);
    const sweeper = startFileSweeper({
      db,
      storage,
      minAgeMs: HOUR,
      intervalMs: 100,
      log: app.log,
    });
    try {
      // The first sweep removes the orphan, a later one the next.
      await expect.poll(() => existsSync(fileOf(first)), SOON).toBe(false);
      const second = plant(newKey(), 2 * HOUR);
      await expect.poll(() => existsSync(fileOf(second)), SOON).toBe(false);
    } finally {
      await sweeper.stop();
    }
  });
});
