import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { createPostgresTestDatabase, dropOnClose } from "../../../test/test-app";
import { migrationsFolder } from "../server-root";
import { type Database, openDatabase } from "./client";

/** Runs one SQL statement with its parameters ($1, $2, …) on a database being migrated. */
export type Exec = (text: string, params?: unknown[]) => Promise<unknown>;

/** The committed migrations before `tag`, as a migrations folder of their own. */
function migrationsBefore(tag: string): string {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  const index = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  if (index < 1) throw new Error(`no migration ${tag} after the first one`);
  const folder = mkdtempSync(path.join(tmpdir(), "hybridge-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const entries = journal.entries.slice(0, index);
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const entry of entries) {
    copyFileSync(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}

/**
 * A database migrated up to migration `tag` (not included), given the rows `seed` writes, then
 * opened as the server opens it, which applies `tag` and every migration after it: how a test
 * checks what a migration does to the rows the code before it left. PGlite, or PostgreSQL when
 * TEST_DATABASE_URL is set (dropped when the database is closed).
 */
export async function openDatabaseMigratedAt(
  tag: string,
  seed: (exec: Exec) => Promise<void>,
): Promise<Database> {
  const before = migrationsBefore(tag);
  try {
    if (!process.env.TEST_DATABASE_URL) {
      const client = new PGlite();
      await migratePglite(drizzlePglite(client), { migrationsFolder: before });
      await seed((text, params = []) => client.query(text, params));
      const dump = await client.dumpDataDir("none");
      await client.close();
      return openDatabase({ kind: "pglite", dataDir: undefined, loadDataDir: dump });
    }
    const { url, drop } = await createPostgresTestDatabase();
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await migratePostgres(drizzlePostgres(client), { migrationsFolder: before });
      await seed((text, params = []) => client.unsafe(text, params as never[]));
    } finally {
      await client.end({ timeout: 5 });
    }
    return dropOnClose(await openDatabase({ kind: "postgres", url }), drop);
  } finally {
    rmSync(before, { recursive: true, force: true });
  }
}
