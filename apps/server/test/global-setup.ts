import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../src/platform/db/client";
import { dumpMigratedCluster } from "../src/platform/db/cluster-template";
import { createPostgresTestDatabase } from "./postgres-database";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite cluster (dumpDataDir), or "" when the suite runs on PostgreSQL. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to copy (CREATE DATABASE … TEMPLATE), or "" on PGlite. */
    postgresTemplate: string;
  }
}

/**
 * Starting a PGlite cluster from nothing (initdb) costs seconds; loading a dump costs far less.
 * The committed migrations are applied once here, and each test file's database starts from
 * that dump (and runs the migrator again, which finds nothing to do). On PostgreSQL, the same:
 * each file's database is a copy of one migrated here.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    const { url, drop } = await createPostgresTestDatabase();
    const database = await openDatabase({ kind: "postgres", url });
    await database.close();
    project.provide("postgresTemplate", new URL(url).pathname.slice(1));
    return drop;
  }
  project.provide("postgresTemplate", "");
  const dir = await mkdtemp(path.join(tmpdir(), "hybridge-pglite-template-"));
  const file = path.join(dir, "template.tar");
  await writeFile(file, await dumpMigratedCluster("none"));
  project.provide("pgliteTemplate", file);
  return () => rm(dir, { recursive: true, force: true });
}
