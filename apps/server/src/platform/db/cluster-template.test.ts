import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { pgliteVersion, writeClusterTemplate } from "./cluster-template";

/** A cluster's identity, given by initdb: the same for every copy of one dump, new otherwise. */
async function systemIdentifier(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }) {
  const result = (await db.execute(
    sql`select system_identifier::text as id from pg_control_system()`,
  )) as { rows: { id: string }[] };
  return result.rows[0]?.id;
}

// PGlite only: it runs in npm run test:api:pglite, not twice in CI.
describe.skipIf(process.env.TEST_DATABASE_URL)("a first start on PGlite", () => {
  let built: string;
  let dir: string;
  let template: string;
  let templateId: string;
  // One template (an initdb) for the file; each test has its own copy and data folder.
  beforeAll(async () => {
    built = await mkdtemp(path.join(tmpdir(), "hybridge-template-"));
    await writeClusterTemplate(path.join(built, "pglite-template.tar.gz"));
    const copy = new PGlite({
      loadDataDir: new Blob([await readFile(path.join(built, "pglite-template.tar.gz"))]),
    });
    const { rows } = await copy.query<{ id: string }>(
      "select system_identifier::text as id from pg_control_system()",
    );
    templateId = rows[0]?.id as string;
    await copy.close();
  });
  afterAll(() => rm(built, { recursive: true, force: true }));
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "hybridge-template-"));
    template = path.join(dir, "pglite-template.tar.gz");
    await cp(path.join(built, "pglite-template.tar.gz"), template);
    await cp(path.join(built, "pglite-template.tar.gz.json"), `${template}.json`);
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const open = (templateFile: string) =>
    openDatabase({ kind: "pglite", dataDir: path.join(dir, "pglite"), templateFile });

  it("loads the build's migrated cluster instead of running initdb, and keeps it", async () => {
    const database = await open(template);
    try {
      expect(await systemIdentifier(database.db)).toBe(templateId);
      expect((await database.probe()).state).toBe("ok");
    } finally {
      await database.close();
    }
    // Opened again: the same cluster, not another copy of the template.
    const again = await open(template);
    try {
      await again.db.execute(sql`create table kept (n int)`);
      expect(await systemIdentifier(again.db)).toBe(templateId);
    } finally {
      await again.close();
    }
    const third = await open(template);
    try {
      await third.db.execute(sql`select * from kept`);
    } finally {
      await third.close();
    }
  });

  it("runs initdb when the template was written by another PGlite version", async () => {
    await writeFile(`${template}.json`, JSON.stringify({ pglite: `not-${pgliteVersion()}` }));
    const database = await open(template);
    try {
      expect(await systemIdentifier(database.db)).not.toBe(templateId);
      expect((await database.probe()).state).toBe("ok");
    } finally {
      await database.close();
    }
  });

  it("runs initdb when the template is damaged", async () => {
    await writeFile(template, Buffer.from("not a dump"));
    const database = await open(template);
    try {
      expect(await systemIdentifier(database.db)).not.toBe(templateId);
      expect((await database.probe()).state).toBe("ok");
    } finally {
      await database.close();
    }
  });
});
