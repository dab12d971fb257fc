import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { dumpMigratedCluster } from "../src/platform/db/cluster-template";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite cluster (dumpDataDir), or "" when the suite runs on PostgreSQL. */
    pgliteTemplate: string;
  }
}

/**
 * Starting a PGlite cluster from nothing (initdb) costs seconds; loading a dump costs far less.
 * The committed migrations are applied once here, and each test file's database starts from
 * that dump (and runs the migrator again, which finds nothing to do).
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide("pgliteTemplate", "");
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), "hybridge-pglite-template-"));
  const file = path.join(dir, "template.tar");
  await writeFile(file, await dumpMigratedCluster("none"));
  project.provide("pgliteTemplate", file);
  return () => rm(dir, { recursive: true, force: true });
}
