import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../test/test-app";
import type { Database } from "./client";
import * as schema from "./schema";

// Runs on in-memory PGlite, and on PostgreSQL when TEST_DATABASE_URL is set: the same
// constraints must hold on both.
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.insert(schema.user).values({
    id: "owner",
    name: "Owner",
    email: "owner@example.test",
    updatedAt: new Date(),
  });
});
afterAll(async () => {
  await database?.close();
});

const project = (overrides: Partial<typeof schema.projects.$inferInsert> = {}) => ({
  id: `p-${Math.random().toString(36).slice(2)}`,
  name: "App",
  keyApp: `key-${Math.random().toString(36).slice(2)}`,
  description: "An app",
  segment: "ecommerce",
  adminId: "owner",
  tester: "owner@example.test",
  ...overrides,
});

async function rejects(promise: Promise<unknown>, constraint: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to reject`).not.toBeNull();
  const text = `${String(error)} ${String((error as { cause?: unknown }).cause ?? "")}`;
  expect(text).toContain(constraint);
}

describe("data model constraints", () => {
  it("gives a new project the spec's defaults", async () => {
    const [row] = await database.db.insert(schema.projects).values(project()).returning();
    expect(row).toMatchObject({
      color: "#0E904D",
      statusbar: "#FFFFFF",
      navBarType: "footer",
      icLaunchFileUrl: "default.png",
      icNotificationFileUrl: "default.svg",
      status: false,
    });
  });

  it("keeps app codes unique", async () => {
    await database.db.insert(schema.projects).values(project({ keyApp: "taken" }));
    await rejects(
      database.db.insert(schema.projects).values(project({ keyApp: "taken" })),
      "projects_key_app_unique",
    );
  });

  it("checks every enumerated field", async () => {
    const db = database.db;
    await rejects(
      db.insert(schema.projects).values(project({ segment: "casino" })),
      "projects_segment_check",
    );
    await rejects(
      db.insert(schema.projects).values(project({ navBarType: "side" })),
      "projects_nav_bar_type_check",
    );
    await rejects(
      db.insert(schema.projects).values(project({ color: "green" })),
      "projects_color_check",
    );
    const p = project();
    await db.insert(schema.projects).values(p);
    const build = { projectId: p.id, ownerId: "owner", appKey: p.keyApp, version: 1 };
    await rejects(
      db.insert(schema.builds).values({ ...build, platform: "windows" }),
      "builds_platform_check",
    );
    await rejects(
      db.insert(schema.builds).values({ ...build, platform: "android", status: "exploded" }),
      "builds_status_check",
    );
    await rejects(
      db.insert(schema.builds).values({ ...build, platform: "android", version: 0 }),
      "builds_version_check",
    );
    await rejects(
      db
        .insert(schema.modules)
        .values({ title: "t", description: "d", thumbnailUrl: "x", platform: "web" }),
      "modules_platform_check",
    );
    await rejects(
      db
        .insert(schema.modules)
        .values({ title: "t", description: "d", thumbnailUrl: "x", price: -1 }),
      "modules_price_check",
    );
    const contact = {
      name: "n",
      description: "d",
      segment: "food",
      email: "a@b.c",
      country: "France",
    };
    await db.insert(schema.contacts).values(contact);
    await rejects(
      db.insert(schema.contacts).values({ ...contact, country: "Mars" }),
      "contacts_country_check",
    );
    await rejects(
      db.insert(schema.contacts).values({ ...contact, segment: "x" }),
      "contacts_segment_check",
    );
    await rejects(
      db
        .insert(schema.testConfigs)
        .values({ userId: "owner", tester: "t", network: "n", navBarType: "x" }),
      "test_configs_nav_bar_type_check",
    );
    const evaluation = {
      userId: "owner",
      userEmail: "owner@example.test",
      docClarity: 6,
      apiIntuition: 3,
      backendSimplicity: 3,
      mainAdvantage: "a",
      mainWeakness: "w",
    };
    await rejects(
      db.insert(schema.evaluations).values(evaluation),
      "evaluations_doc_clarity_check",
    );
    await rejects(
      db.insert(schema.installCounters).values({ projectId: p.id, platform: "android", count: -1 }),
      "install_counters_count_check",
    );
  });

  it("allows one evaluation per user and one beta sign-up per lower-cased e-mail", async () => {
    const db = database.db;
    const evaluation = {
      userId: "owner",
      userEmail: "owner@example.test",
      docClarity: 3,
      apiIntuition: 3,
      backendSimplicity: 3,
      mainAdvantage: "a",
      mainWeakness: "w",
    };
    await db.insert(schema.evaluations).values(evaluation);
    await rejects(db.insert(schema.evaluations).values(evaluation), "evaluations_user_unique");

    await db.insert(schema.betaSignups).values({ email: "early@example.test" });
    await rejects(
      db.insert(schema.betaSignups).values({ email: "EARLY@example.test" }),
      "beta_signups_email_lower_unique",
    );
  });

  it("has an index behind every listed query", async () => {
    const rows = await database.db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where schemaname = current_schema()`,
    );
    const names = (
      Array.isArray(rows) ? rows : (rows as { rows: { indexname: string }[] }).rows
    ).map((r) => r.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "projects_admin_created_idx",
        "projects_key_app_unique",
        "builds_project_platform_date_idx",
        "builds_owner_platform_date_idx",
        "comments_timestamp_idx",
        "evaluations_user_unique",
        "modules_created_idx",
        "beta_signups_date_idx",
        "beta_signups_email_lower_unique",
        "test_configs_tester_idx",
        "install_counters_project_id_platform_pk",
        "update_channels_project_name_unique",
        "updates_channel_created_idx",
        "updates_project_created_idx",
        "update_installs_pk",
      ]),
    );
  });
});
