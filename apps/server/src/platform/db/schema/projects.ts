import { BUILD_PLATFORMS, NAVBAR_TYPES, SEGMENTS } from "@hybridge/shared/common/enums";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, inList } from "./helpers";
import { modules } from "./store";

/** Spec "entreprises": an app project, owned by `adminId` (the spec's `admin`). */
export const projects = pgTable(
  "projects",
  {
    id: varchar("id", { length: 101 }).primaryKey(),
    name: varchar("name", { length: 50 }).notNull(),
    keyApp: varchar("key_app", { length: 90 }).notNull().unique("projects_key_app_unique"),
    description: varchar("description", { length: 250 }).notNull(),
    segment: varchar("segment", { length: 30 }).notNull(),
    color: varchar("color", { length: 7 }).notNull().default("#0E904D"),
    statusbar: varchar("statusbar", { length: 7 }).notNull().default("#FFFFFF"),
    navBarType: varchar("nav_bar_type", { length: 10 }).notNull().default("footer"),
    icLaunchFileUrl: text("ic_launch_file_url").notNull().default("default.png"),
    icNotificationFileUrl: text("ic_notification_file_url").notNull().default("default.svg"),
    status: boolean("status").notNull().default(false),
    adminId: text("admin_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    tester: text("tester").notNull(),
    /**
     * The update channel the project's new Android builds take over-the-air updates from
     * (decision 056): written into each build's hybridge.json when its job is made.
     */
    updateChannel: varchar("update_channel", { length: 40 }).notNull().default("production"),
    createdAt: createdAt(),
  },
  (t) => [
    index("projects_admin_created_idx").on(t.adminId, t.createdAt.desc()),
    check("projects_segment_check", inList("segment", SEGMENTS)),
    check("projects_nav_bar_type_check", inList("nav_bar_type", NAVBAR_TYPES)),
    check("projects_color_check", sql`${t.color} ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'`),
    check("projects_statusbar_check", sql`${t.statusbar} ~ '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$'`),
  ],
);

/**
 * The bytes of files a project keeps that count against PROJECT_MAX_STORAGE_MB (decision 035):
 * its web bundles and its documents' files. Raised by one conditional statement in the
 * transaction that records each file (platform/project-storage.ts), never by a sum then an
 * insert: two uploads at once cannot pass the limit together. Lowered as files are deleted.
 */
export const projectStorage = pgTable(
  "project_storage",
  {
    projectId: varchar("project_id", { length: 101 })
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    bytes: bigint("bytes", { mode: "number" }).notNull().default(0),
  },
  (t) => [check("project_storage_not_negative", sql`${t.bytes} >= 0`)],
);

/** The project's "database" sub-document: one per project. */
export const projectDatabases = pgTable("project_databases", {
  id: varchar("id", { length: 33 }).primaryKey(),
  projectId: varchar("project_id", { length: 101 })
    .notNull()
    .unique("project_databases_project_unique")
    .references(() => projects.id, { onDelete: "cascade" }),
  dateCreated: createdAt("date_created"),
});

/**
 * Spec "settings", keyed by the project id. The database key is kept as its SHA-256 (what
 * authorises the apps) and a display prefix (`hb_test_` + 4 characters); nothing stored rebuilds
 * it (decision 013). Until the settings page first shows it, the key is also kept sealed
 * (AES-256-GCM under the server's secret, the project id as associated data), for 24 hours at
 * most.
 */
export const projectSettings = pgTable(
  "project_settings",
  {
    id: varchar("id", { length: 101 })
      .primaryKey()
      .references(() => projects.id, { onDelete: "cascade" }),
    databaseKeyHash: varchar("database_key_hash", { length: 64 })
      .notNull()
      .unique("project_settings_database_key_hash_unique"),
    databaseKeyPrefix: varchar("database_key_prefix", { length: 12 }).notNull(),
    databaseKeySealed: text("database_key_sealed"),
    databaseKeySealedUntil: timestamp("database_key_sealed_until", { withTimezone: true }),
    keyRevealedAt: timestamp("key_revealed_at", { withTimezone: true }),
    appId: text("app_id").notNull(),
    appKey: varchar("app_key", { length: 90 }).notNull(),
    appName: varchar("app_name", { length: 50 }).notNull(),
    /**
     * Whether the Test Mode database key opens the data API (decision 045): a development
     * credential that bypasses the access rules; the owner switches it off before going live.
     */
    testKeyEnabled: boolean("test_key_enabled").notNull().default(true),
    /** Whether the app's users must verify their e-mail before they count as verified users. */
    appUsersVerifyEmail: boolean("app_users_verify_email").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      "project_settings_sealed_key_check",
      sql`(${t.databaseKeySealed} is null) = (${t.databaseKeySealedUntil} is null)`,
    ),
    // A key the page has shown is never kept, sealed or not.
    check(
      "project_settings_shown_key_check",
      sql`${t.keyRevealedAt} is null or ${t.databaseKeySealed} is null`,
    ),
  ],
);

/** Spec install counters (collections apple and android): one row per project and platform. */
export const installCounters = pgTable(
  "install_counters",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    platform: varchar("platform", { length: 10 }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.platform] }),
    check("install_counters_platform_check", inList("platform", ["android", "apple"])),
    check("install_counters_count_check", sql`${t.count} >= 0`),
  ],
);

/**
 * The installs counted (decision 014): one row per device, identified by the install id its app
 * generated. The counter above goes up only when a row is added here, in the same statement.
 */
export const appInstalls = pgTable(
  "app_installs",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    platform: varchar("platform", { length: 10 }).notNull(),
    installId: varchar("install_id", { length: 64 }).notNull(),
    countedAt: createdAt("counted_at"),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.platform, t.installId] }),
    check("app_installs_platform_check", inList("platform", BUILD_PLATFORMS)),
  ],
);

/** Modules a project integrates from the store. */
export const projectModules = pgTable(
  "project_modules",
  {
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    moduleId: uuid("module_id")
      .notNull()
      .references(() => modules.id, { onDelete: "cascade" }),
    addedAt: createdAt("added_at"),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.moduleId] }),
    index("project_modules_module_idx").on(t.moduleId),
  ],
);
