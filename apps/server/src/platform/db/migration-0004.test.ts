import { createHash, randomBytes } from "node:crypto";
import { DATABASE_KEY_PATTERN } from "@hybridge/shared/projects/schemas";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import * as schema from "./schema";
import { type Exec, openDatabaseMigratedAt } from "./test-support";

// Migration 0004 on a database made by the migrations before it (PGlite, or PostgreSQL when
// TEST_DATABASE_URL is set): old-style keys (a 17-character prefix + the 33-character database
// id, both stored in clear) keep working, and nothing stored rebuilds them any more.

const MIGRATION = "0004_database_key_and_installs";

const ALPHANUMERIC = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const oldRandom = (length: number) =>
  Array.from(randomBytes(length), (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join("");
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** A project as the code before 0004 made it: its key is prefix ‖ database id. */
function oldProject(name: string) {
  const id = oldRandom(101);
  const prefix = oldRandom(17);
  const databaseId = oldRandom(33);
  return {
    id,
    name,
    keyApp: `legacy-${name}-${randomBytes(4).toString("hex")}`,
    prefix,
    databaseId,
    key: `${prefix}${databaseId}`,
  };
}
type OldProject = ReturnType<typeof oldProject>;
const shown = oldProject("shown");
const replaced = oldProject("replaced");
const unseen = oldProject("unseen");

async function insertOldProject(exec: Exec, p: OldProject, revealed: boolean) {
  await exec(
    `INSERT INTO "projects" ("id", "name", "key_app", "description", "segment", "admin_id", "tester")
     VALUES ($1, $2, $3, 'An old app', 'other', 'legacy-owner', 'legacy@example.test')`,
    [p.id, p.name, p.keyApp],
  );
  await exec(`INSERT INTO "project_databases" ("id", "project_id") VALUES ($1, $2)`, [
    p.databaseId,
    p.id,
  ]);
  await exec(
    `INSERT INTO "project_settings" ("id", "database_key_hash", "database_key_prefix", "database_key_once", "key_revealed_at", "app_id", "app_key", "app_name")
     VALUES ($1, $2, $3, $4, $5, 'v1.old', $6, $7)`,
    [
      p.id,
      sha256(p.key),
      p.prefix,
      revealed ? null : p.key,
      revealed ? new Date().toISOString() : null,
      p.keyApp,
      p.name,
    ],
  );
}

/**
 * The old rows: keys already shown (in use), one never shown; installs counted the old way.
 */
async function seedOldRows(exec: Exec) {
  await exec(
    `INSERT INTO "user" ("id", "name", "email") VALUES ('legacy-owner', 'Legacy', 'legacy@example.test')`,
    [],
  );
  await insertOldProject(exec, shown, true);
  await insertOldProject(exec, replaced, true);
  await insertOldProject(exec, unseen, false);
  await exec(
    `INSERT INTO "install_counters" ("project_id", "platform", "count") VALUES ($1, 'android', 5)`,
    [shown.id],
  );
}

let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  // A database migrated up to before MIGRATION, seeded, then opened (which applies the rest).
  app = await createTestApp({ database: await openDatabaseMigratedAt(MIGRATION, seedOldRows) });
  // The old projects' owner, signed in: a new account given the old rows (0004 does not touch
  // ownership).
  owner = await createTestUser(app);
  await app.deps.db
    .update(schema.projects)
    .set({ adminId: owner.id })
    .where(eq(schema.projects.adminId, "legacy-owner"));
});
afterAll(async () => {
  await app?.cleanup();
});

const devConfig = (p: { keyApp: string }, key: string) =>
  app.inject({
    method: "GET",
    url: `/api/v1/dev-config/${p.keyApp}`,
    headers: { authorization: `Bearer ${key}` },
  });
const installAndroid = (p: { keyApp: string }, key: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/installs",
    headers: { authorization: `Bearer ${key}` },
    payload: { appKey: p.keyApp, platform: "android", installId: randomBytes(16).toString("hex") },
  });
const viewSettings = (p: { id: string }) =>
  app.inject({
    method: "GET",
    url: `/api/projects/${p.id}/settings`,
    headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
  });

/** Every row of every table of the database, as text (each table's rows as XML). */
async function everythingStored(): Promise<string> {
  const result = await app.deps.db.execute<{ table_name: string; content: string }>(
    sql`select table_name, query_to_xml(format('select * from %I', table_name), true, false, '')::text as content
        from information_schema.tables
        where table_schema = current_schema() and table_type = 'BASE TABLE'`,
  );
  const tables = Array.isArray(result)
    ? result
    : (result as { rows: { table_name: string; content: string }[] }).rows;
  expect(tables.map((t) => t.table_name)).toContain("project_settings");
  return tables.map((t) => t.content).join("\n");
}

describe(`migration ${MIGRATION}`, () => {
  it("keeps an old key that was shown working for the dev app and the installs", async () => {
    expect((await devConfig(shown, shown.key)).statusCode).toBe(200);
    const counted = await installAndroid(shown, shown.key);
    expect(counted.json()).toEqual({ counted: true });
    // Installs counted before the migration stay, and the new one adds to them.
    const [counter] = await app.deps.db
      .select()
      .from(schema.installCounters)
      .where(eq(schema.installCounters.projectId, shown.id));
    expect(counter?.count).toBe(6);
  });

  it("leaves nothing in the database that rebuilds an old key", async () => {
    const stored = await everythingStored();
    expect(stored).toContain(shown.id);
    for (const old of [shown, replaced, unseen]) {
      expect(stored).not.toContain(old.key);
      expect(stored).not.toContain(old.databaseId);
      // Only the 4 characters the masked key displays remain of the prefix.
      expect(stored).not.toContain(old.prefix.slice(4));
    }
    const [settings] = await app.deps.db
      .select()
      .from(schema.projectSettings)
      .where(eq(schema.projectSettings.id, shown.id));
    expect(settings?.databaseKeyPrefix).toBe(shown.prefix.slice(0, 4));
    const [database] = await app.deps.db
      .select()
      .from(schema.projectDatabases)
      .where(eq(schema.projectDatabases.projectId, shown.id));
    expect(database?.id).toMatch(/^[A-Za-z0-9]{33}$/);
  });

  it("shows an old key masked by its first 4 characters, still hidden", async () => {
    const res = await viewSettings(shown);
    expect(res.statusCode).toBe(200);
    const { settings } = res.json();
    expect(settings.databaseKey).toBeNull();
    expect(settings.databaseKeyMasked).toBe(`${shown.key.slice(0, 4)}${"•".repeat(39)}`);
  });

  it("retires an old key that was never shown, and gives the owner a new one at the first view", async () => {
    expect((await devConfig(unseen, unseen.key)).statusCode).toBe(401);
    const first = (await viewSettings(unseen)).json().settings;
    expect(first.databaseKey).toMatch(DATABASE_KEY_PATTERN);
    expect((await devConfig(unseen, first.databaseKey)).statusCode).toBe(200);
    expect((await installAndroid(unseen, first.databaseKey)).json()).toEqual({ counted: true });
    expect((await viewSettings(unseen)).json().settings.databaseKey).toBeNull();
    expect(await everythingStored()).not.toContain(first.databaseKey.slice(12));
  });

  it("lets the owner replace an old key: the old one stops working", async () => {
    expect((await devConfig(replaced, replaced.key)).statusCode).toBe(200);
    const res = await app.inject({
      method: "POST",
      url: `/api/projects/${replaced.id}/settings/database-key`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    const newKey: string = res.json().settings.databaseKey;
    expect(newKey).toMatch(DATABASE_KEY_PATTERN);
    expect((await devConfig(replaced, replaced.key)).statusCode).toBe(401);
    expect((await devConfig(replaced, newKey)).statusCode).toBe(200);
  });
});
