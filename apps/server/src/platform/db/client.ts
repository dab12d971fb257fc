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

/** Stops listening (see Database.listen). */
export type Unlisten = () => Promise<void>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * LISTEN on a channel: onNotify gets each NOTIFY's payload once its transaction commits, from
   * this process or any other on the same database (triggers use it: see migration 0002).
   */
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<Unlisten>;
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
    return {
      db: db as unknown as Db,
      kind: "postgres",
      // postgres-js keeps one extra connection for every LISTEN of this client.
      listen: async (channel, onNotify) => (await sql.listen(channel, onNotify)).unlisten,
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: target.loadDataDir });
  await client.waitReady;
  const db = drizzlePglite(client, { schema, casing: "snake_case" });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    listen: (channel, onNotify) => client.listen(channel, onNotify),
    close: () => client.close(),
  };
}
