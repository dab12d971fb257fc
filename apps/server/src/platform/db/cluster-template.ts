import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { migrationsFolder } from "../server-root";

/**
 * A fresh PGlite cluster costs its initdb: 3.5 s on a quiet 2-core machine, 15 s and more on a
 * busy one, nearly all of it PostgreSQL's bootstrap run in WebAssembly (creating the system
 * catalogues and template databases). Loading a dump of a cluster made once costs 0.5 s. The
 * build writes one (`npm run build`: `dist/pglite-template.tar.gz`, migrated with the committed
 * migrations) and a first start on an empty DATA_DIR loads it instead of running initdb; the
 * migrator then applies whatever the dump lacks. The API tests' clusters start from such a dump
 * too (test/global-setup.ts).
 *
 * A dump is PGlite's own data directory format, readable by the PGlite version that wrote it:
 * the template names its version and is ignored by any other (the start then runs initdb).
 */
export const CLUSTER_TEMPLATE_FILE = "pglite-template.tar.gz";

/** The installed PGlite's version, from its package.json (not in its exports map). */
export function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve("@electric-sql/pglite"));
  let dir = path.dirname(entry);
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      const parsed = JSON.parse(readFileSync(pkg, "utf8")) as { name?: string; version?: string };
      if (parsed.name === "@electric-sql/pglite" && parsed.version) return parsed.version;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error("Cannot find @electric-sql/pglite's package.json");
    dir = parent;
  }
}

/** A migrated, empty cluster, dumped: what a first start or a test database starts from. */
export async function dumpMigratedCluster(compression: "none" | "gzip"): Promise<Buffer> {
  const client = new PGlite();
  try {
    await migrate(drizzle(client), { migrationsFolder });
    const dump = await client.dumpDataDir(compression);
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

const stampFile = (file: string) => `${file}.json`;

/** Writes the template and, beside it, the PGlite version that can read it. */
export async function writeClusterTemplate(file: string): Promise<void> {
  await writeFile(file, await dumpMigratedCluster("gzip"));
  await writeFile(stampFile(file), `${JSON.stringify({ pglite: pgliteVersion() })}\n`);
}

/**
 * The template to start an empty cluster from, or null: none was built (the sources run with
 * tsx), or it was written by another PGlite version.
 */
export function readClusterTemplate(file: string): Blob | null {
  try {
    const stamp = JSON.parse(readFileSync(stampFile(file), "utf8")) as { pglite?: unknown };
    if (stamp.pglite !== pgliteVersion()) return null;
    return new Blob([readFileSync(file)]);
  } catch {
    return null;
  }
}

/** Where the build puts the template: beside the bundled main.js (dist/, or dist-NAME/). */
export const defaultClusterTemplate = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  CLUSTER_TEMPLATE_FILE,
);
