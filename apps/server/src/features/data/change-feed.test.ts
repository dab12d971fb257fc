import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { documents } from "../../platform/db/schema";
import { type ChangeFeed, createChangeFeed, type DocumentChange } from "./change-feed";

// The change feed (decision 041): every change of the log, in id order, once, none skipped —
// though ids are taken as writes happen and committed in any order. What needs two transactions
// at once runs on PostgreSQL (TEST_DATABASE_URL); PGlite has one connection.

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const SOON = { timeout: 5_000, interval: 20 };

let app: TestApp;
let projectId: string;
const feeds: ChangeFeed[] = [];
beforeAll(async () => {
  app = await createTestApp();
  const owner = await createTestUser(app);
  projectId = (await seedProject(app, owner)).id;
});
afterAll(async () => {
  for (const feed of feeds) await feed.close();
  await app?.cleanup();
});

/** A feed of its own, recording what it delivers. */
function openFeed() {
  const delivered: DocumentChange[] = [];
  const feed = createChangeFeed({
    db: app.deps.db,
    listen: app.deps.listen,
    shared: onPostgres,
    log: app.log,
    watched: () => ({ projects: [], collections: [] }),
    deliver: (change) => {
      delivered.push(change);
    },
    missed: () => {},
    replaced: () => {},
  });
  feeds.push(feed);
  return { feed, delivered, ids: () => delivered.map((change) => change.id) };
}

/** Adds a document outside any server (no wake-up): the answer is its change's id. */
async function insert(collection: string, n: number): Promise<number> {
  const [row] = await app.deps.db
    .insert(documents)
    .values({ projectId, collection, data: { n }, size: 8 })
    .returning({ id: documents.id });
  return changeOf(row?.id ?? "");
}

async function changeOf(documentId: string): Promise<number> {
  const result = await app.deps.db.execute(
    sql`select max(id) as id from document_changes where document_id = ${documentId}`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    id: string;
  }[];
  return Number(rows[0]?.id);
}

/**
 * Opens a transaction that adds a document and waits: `id` is its change's id (taken, not
 * committed); `end(commit)` commits or rolls it back.
 */
async function holdOpen(collection: string) {
  let end: (commit: boolean) => void = () => {};
  const ended = new Promise<boolean>((resolve) => {
    end = resolve;
  });
  let tookId: (id: number) => void = () => {};
  const took = new Promise<number>((resolve) => {
    tookId = resolve;
  });
  const done = app.deps.db
    .transaction(async (tx) => {
      await tx.insert(documents).values({ projectId, collection, data: { held: true }, size: 8 });
      const result = await tx.execute(sql`select currval('document_changes_id_seq') as id`);
      const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
        id: string;
      }[];
      tookId(Number(rows[0]?.id));
      if (!(await ended)) tx.rollback();
    })
    .catch(() => {});
  return {
    id: await took,
    end: async (commit: boolean) => {
      end(commit);
      await done;
    },
  };
}

/** Opens a transaction that writes something else than a document (it has an id) and waits. */
async function holdUnrelated() {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  let began: () => void = () => {};
  const writing = new Promise<void>((resolve) => {
    began = resolve;
  });
  const done = app.deps.db.transaction(async (tx) => {
    await tx.execute(sql`update projects set name = name where id = ${projectId}`);
    began();
    await ended;
  });
  await writing;
  return {
    end: async () => {
      end();
      await done;
    },
  };
}

describe("the change feed", () => {
  it("delivers every change after its start, in id order, once, woken or by itself", async () => {
    const { feed, ids } = openFeed();
    await feed.start();
    const before = feed.frontier;
    const added = [await insert("order", 1), await insert("order", 2), await insert("order", 3)];
    feed.wrote();
    await expect.poll(ids, SOON).toEqual(added);
    expect(feed.frontier).toBe(added[2]);
    expect(before).toBeLessThan(added[0] ?? 0);
    // Not woken (a write made elsewhere, its server gone before its NOTIFY): read within a second.
    const unannounced = await insert("order", 4);
    await expect.poll(ids, SOON).toEqual([...added, unannounced]);
  });

  it("delivers a write of its own server at once when it is the next change, and reads the others", async () => {
    const { feed, delivered, ids } = openFeed();
    await feed.start();
    const first = await insert("own", 1);
    const own = (id: number): DocumentChange => ({
      id,
      op: "insert",
      projectId,
      collection: "own",
      documentId: "",
      document: null,
    });
    // The next one: delivered before wrote() returns, with what the writer gave.
    feed.wrote(own(first));
    expect(ids()).toEqual([first]);
    expect(delivered[0]?.document).toBeNull();
    // Not the next one (another was committed before it): read from the log, in order.
    const second = await insert("own", 2);
    const third = await insert("own", 3);
    feed.wrote(own(third));
    expect(ids()).toEqual([first]);
    await expect.poll(ids, SOON).toEqual([first, second, third]);
    // Read from the log, a change is never delivered twice.
    feed.wrote(own(third));
    await feed.fresh();
    expect(ids()).toEqual([first, second, third]);
  });

  it.skipIf(!onPostgres)(
    "waits at an id still in flight, then delivers it before the later ones",
    async () => {
      const { feed, ids } = openFeed();
      await feed.start();
      const held = await holdOpen("hole");
      const later = await insert("hole", 1);
      expect(later).toBeGreaterThan(held.id);
      feed.wrote();
      await feed.fresh();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(ids()).toEqual([]);
      expect(feed.frontier).toBeLessThan(held.id);
      await held.end(true);
      feed.wrote();
      await expect.poll(ids, SOON).toEqual([held.id, later]);
    },
  );

  it.skipIf(!onPostgres)("passes an id whose transaction rolled back", async () => {
    const { feed, ids } = openFeed();
    await feed.start();
    const held = await holdOpen("rolled");
    const later = await insert("rolled", 1);
    feed.wrote();
    await feed.fresh();
    expect(ids()).toEqual([]);
    await held.end(false);
    await expect.poll(ids, SOON).toEqual([later]);
  });

  it.skipIf(!onPostgres)(
    "passes a rolled-back id while another transaction, writing no document, stays open",
    async () => {
      const unrelated = await holdUnrelated();
      const { feed, ids } = openFeed();
      await feed.start();
      const held = await holdOpen("narrow");
      const later = await insert("narrow", 1);
      feed.wrote();
      await feed.fresh();
      expect(ids()).toEqual([]);
      await held.end(false);
      await expect.poll(ids, SOON).toEqual([later]);
      await unrelated.end();
    },
  );

  it.skipIf(!onPostgres)(
    "starts once the transactions running at its start have ended (their ids are below)",
    async () => {
      const held = await holdOpen("start");
      const later = await insert("start", 1);
      const { feed, ids } = openFeed();
      let started = false;
      const starting = feed.start().then(() => {
        started = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(started).toBe(false);
      await held.end(true);
      await starting;
      // Both were committed before it started: none is delivered, and none is skipped later.
      expect(feed.frontier).toBeGreaterThanOrEqual(later);
      const next = await insert("start", 2);
      feed.wrote();
      await expect.poll(ids, SOON).toEqual([next]);
    },
  );

  it.skipIf(!onPostgres)(
    "does not wait at its start for a transaction that writes no document",
    async () => {
      const unrelated = await holdUnrelated();
      const { feed } = openFeed();
      const started = Date.now();
      await feed.start();
      expect(Date.now() - started).toBeLessThan(2_000);
      await unrelated.end();
    },
  );
});
