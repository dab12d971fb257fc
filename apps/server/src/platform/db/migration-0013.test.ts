import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "./client";
import { DOCUMENT_USAGE_STRIPES } from "./schema";
import { type Exec, openDatabaseMigratedAt } from "./test-support";

// Migration 0013 on a database made by the migrations before it (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): each project's one document count becomes 16 stripes (decision
// 040), none over its share of the limit, the total unchanged.

const MIGRATION = "0013_document_usage_stripes";
/** DATA_MAX_DOCUMENTS' default (platform/config.ts). */
const DEFAULT_LIMIT = 10_000;
/** The counts before the migration: none, under the limit (around a multiple of 16), at it. */
const COUNTS = [0, 1, 15, 16, 17, 625, 4_321, DEFAULT_LIMIT - 1, DEFAULT_LIMIT];

const projectId = (count: number) => `p-${count}-${randomBytes(4).toString("hex")}`;
const projects = COUNTS.map((count) => ({ id: projectId(count), count }));

async function seedCounts(exec: Exec) {
  await exec(
    `INSERT INTO "user" ("id", "name", "email") VALUES ('owner', 'Owner', 'o@example.test')`,
  );
  for (const { id, count } of projects) {
    await exec(
      `INSERT INTO "projects" ("id", "name", "key_app", "description", "segment", "admin_id", "tester")
       VALUES ($1, 'Counted', $2, 'An app', 'other', 'owner', 'o@example.test')`,
      [id, `app-${id}`],
    );
    await exec(`INSERT INTO "document_usage" ("project_id", "documents") VALUES ($1, $2)`, [
      id,
      count,
    ]);
  }
}

/** Stripe `stripe`'s share of `limit`, as the adds compute it (features/data/documents.ts). */
const share = (limit: number, stripe: number) =>
  Math.floor(limit / DOCUMENT_USAGE_STRIPES) + (stripe < limit % DOCUMENT_USAGE_STRIPES ? 1 : 0);

let database: Database;
beforeAll(async () => {
  database = await openDatabaseMigratedAt(MIGRATION, seedCounts);
});
afterAll(async () => {
  await database?.close();
});

async function stripes() {
  const result = await database.db.execute<{
    project_id: string;
    stripe: number;
    documents: number;
  }>(sql`select project_id, stripe, documents from document_usage order by project_id, stripe`);
  // postgres-js answers the rows themselves, PGlite an object holding them.
  const rows = Array.isArray(result)
    ? result
    : (result as { rows: { project_id: string; stripe: number; documents: number }[] }).rows;
  const byProject = new Map<string, number[]>();
  for (const row of rows) {
    const list = byProject.get(row.project_id) ?? [];
    list[Number(row.stripe)] = Number(row.documents);
    byProject.set(row.project_id, list);
  }
  return byProject;
}

describe(`migration ${MIGRATION}`, () => {
  it("spreads each project's count over 16 stripes, every one within its share, the total unchanged", async () => {
    const after = await stripes();
    expect(after.size).toBe(projects.length);
    for (const { id, count } of projects) {
      const spread = after.get(id) ?? [];
      expect({ count, stripes: spread.length }).toEqual({ count, stripes: DOCUMENT_USAGE_STRIPES });
      expect({ count, total: spread.reduce((sum, n) => sum + n, 0) }).toEqual({
        count,
        total: count,
      });
      spread.forEach((documents, stripe) => {
        // Within its share of the default limit, and of the tightest limit the count respects
        // (its own value: a project exactly at its limit).
        for (const limit of [DEFAULT_LIMIT, count]) {
          expect({ count, limit, stripe, documents }).toEqual({
            count,
            limit,
            stripe,
            documents: Math.min(documents, share(limit, stripe)),
          });
        }
      });
    }
  });
});
