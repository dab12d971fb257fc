import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { migrationsFolder } from "../server-root";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The driver-neutral database type every service uses. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  close: () => Promise<void>;
};

export type DatabaseTarget =
  | { kind: "postgres"; url: string }
  | {
      kind: "pglite";
      /** undefined: in memory. */
      dataDir: string | undefined;
      /** A dump (`dumpDataDir`) to start from instead of an empty cluster: tests use one. */
      loadDataDir?: Blob;
    };

export function databaseTarget(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { kind: "postgres", url: config.databaseUrl }
    : { kind: "pglite", dataDir: path.join(config.dataDir, "pglite") };
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "postgres") {
    const sql = postgres(target.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema, casing: "snake_case" });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}
