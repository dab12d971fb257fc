import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import type { Db } from "../src/platform/db/client";
import * as schema from "../src/platform/db/schema";
import type { TestApp } from "./test-app";

/** A Drizzle instance on the app's own connection that counts the queries it sends. */
export function countingDb(app: TestApp): { db: Db; count: () => number } {
  let queries = 0;
  const logger = { logQuery: () => void queries++ };
  const client = (app.deps.db as unknown as { $client: unknown }).$client;
  const options = { schema, casing: "snake_case" as const, logger };
  const db =
    app.deps.databaseKind === "pglite"
      ? drizzlePglite(client as never, options)
      : drizzlePostgres(client as never, options);
  return { db: db as unknown as Db, count: () => queries };
}
