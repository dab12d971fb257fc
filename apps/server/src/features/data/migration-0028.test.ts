import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../platform/db/client";
import { type Exec, openDatabaseMigratedAt } from "../../platform/db/test-support";
import { indexBuildsSettled, indexName, reconcileCollectionIndexes } from "./collection-indexes";

// Migration 0028 on a database made by the migrations before it (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): a declared index built over `data` is dropped, its declaration goes
// back to building, and the next start builds it again over `indexed` (decision 065), after
// writing the documents' `indexed`; the documents themselves do not change.

const MIGRATION = "0028_indexed_paths";
const PROJECT = "p-0028";
const DECLARATION = "6f1c2f8e-3d4b-4c5a-9e7f-0a1b2c3d4e5f";

async function seedDeclared(exec: Exec) {
  await exec(
    `INSERT INTO "user" ("id", "name", "email") VALUES ('owner', 'Owner', 'o@example.test')`,
  );
  await exec(
    `INSERT INTO "projects" ("id", "name", "key_app", "description", "segment", "admin_id", "tester")
     VALUES ($1, 'Indexed', 'app-0028', 'An app', 'other', 'owner', 'o@example.test')`,
    [PROJECT],
  );
  await exec(
    `INSERT INTO "documents" ("project_id", "collection", "data", "size")
     SELECT $1, 'orders', jsonb_build_object('status', (array['open','paid'])[1 + i % 2], 'n', i), 20
     FROM generate_series(1, 50) i`,
    [PROJECT],
  );
  await exec(
    `INSERT INTO "collection_indexes" ("id", "project_id", "collection", "fields", "key", "status")
     VALUES ($1, $2, 'orders', '[{"field":["status"],"mode":"=="}]', 'k', 'ready')`,
    [DECLARATION, PROJECT],
  );
  // As decision 041 built it: over the data itself.
  await exec(
    `CREATE INDEX "${indexName(DECLARATION)}" ON "documents" (("data" -> 'status'), "id")
     WHERE "project_id" = '${PROJECT}' AND "collection" = 'orders'`,
  );
}

let database: Database;
beforeAll(async () => {
  database = await openDatabaseMigratedAt(MIGRATION, seedDeclared);
}, 60_000);
afterAll(async () => {
  await indexBuildsSettled();
  await database?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await database.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}
const definition = async () =>
  (
    await rows<{ text: string }>(sql`select pg_get_indexdef(c.oid) as text from pg_class c
      where c.relname = ${indexName(DECLARATION)}`)
  )[0]?.text ?? null;
const status = async () =>
  (
    await rows<{ status: string }>(
      sql`select status from collection_indexes where id = ${DECLARATION}::uuid`,
    )
  )[0]?.status;

// Its steps in their written order: before the start, then the start.
describe("migration 0028", { shuffle: false }, () => {
  it("drops the index built over data and leaves its declaration to be built again", async () => {
    expect(await definition()).toBeNull();
    expect(await status()).toBe("building");
  });

  it("the next start builds it over `indexed`, every document holding its path, none changed", async () => {
    const changes = sql`select count(*)::int as n from document_changes`;
    const [before] = await rows<{ n: number }>(changes);
    expect(
      await reconcileCollectionIndexes({
        database: { db: database.db, kind: database.kind },
      }),
    ).toEqual({ dropped: 0, rebuilt: 1 });
    await indexBuildsSettled();
    expect(await status()).toBe("ready");
    const text = await definition();
    expect(text).toContain(`(indexed -> '["status"]'::text)`);
    expect(text).not.toMatch(/\bdata\b/);
    const [held] = await rows<{ n: number }>(sql`select count(*)::int as n from documents
      where indexed = jsonb_build_object('["status"]', data -> 'status')`);
    expect(held?.n).toBe(50);
    expect(await rows<{ n: number }>(changes)).toEqual([before]);
  });
});
