import { UPDATE_INSTALL_STATES } from "@hybridge/shared/updates/schemas";
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
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { webBundles } from "./bundles";
import { createdAt, inList } from "./helpers";
import { projects } from "./projects";

/**
 * A project's update-signing key (issue 27, decision 051): ECDSA P-256, made on first need. The
 * public key (X.509 SubjectPublicKeyInfo, DER, base64) goes into every build's hybridge.json;
 * the private key (PKCS#8 PEM) is sealed with the server's secret (purpose updateKey). One per
 * project: the primary key makes two concurrent first deploys agree on one.
 */
export const updateKeys = pgTable("update_keys", {
  projectId: varchar("project_id", { length: 101 })
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  publicKey: text("public_key").notNull(),
  privateKeySealed: text("private_key_sealed").notNull(),
  createdAt: createdAt(),
});

/**
 * A project's update channels (production, beta…), made on first use. `embeddedAt`: when the
 * owner last rolled the channel back to the builds' embedded bundle (null: never).
 */
export const updateChannels = pgTable(
  "update_channels",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 40 }).notNull(),
    embeddedAt: timestamp("embedded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [unique("update_channels_project_name_unique").on(t.projectId, t.name)],
);

/**
 * An over-the-air update: a deterministic zip of a web bundle (index.html at its root) in
 * storage under `fileKey`, its SHA-256 and the project key's signature over its bytes (DER,
 * base64), offered on its channel to builds of the same runtime version, to `rolloutPercent`
 * of the installs (a sticky cohort, shared/updates/rollout.ts). `paused`: offered only to the
 * installs already on it. `rolledBackAt`: withdrawn by a rollback (never offered again).
 */
export const updates = pgTable(
  "updates",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => updateChannels.id, { onDelete: "cascade" }),
    bundleId: uuid("bundle_id").references(() => webBundles.id, { onDelete: "set null" }),
    fileKey: text("file_key").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    signature: text("signature").notNull(),
    message: varchar("message", { length: 200 }).notNull().default(""),
    runtimeVersion: varchar("runtime_version", { length: 40 }).notNull(),
    rolloutPercent: integer("rollout_percent").notNull().default(100),
    paused: boolean("paused").notNull().default(false),
    rolledBackAt: timestamp("rolled_back_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("updates_channel_created_idx").on(t.channelId, t.createdAt.desc(), t.id),
    // The owner's list: a project's updates, newest first.
    index("updates_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id),
    check("updates_rollout_percent_check", sql`${t.rolloutPercent} between 1 and 100`),
  ],
);

/**
 * What one install did with one update (its furthest state and when each step happened): one
 * row per (update, install), written by the check ("asked") and the shell's reports. The
 * console's counts per update come from here.
 */
export const updateInstalls = pgTable(
  "update_installs",
  {
    updateId: uuid("update_id")
      .notNull()
      .references(() => updates.id, { onDelete: "cascade" }),
    installId: varchar("install_id", { length: 64 }).notNull(),
    state: varchar("state", { length: 20 }).notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }),
    downloadedAt: timestamp("downloaded_at", { withTimezone: true }),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    rolledBackAt: timestamp("rolled_back_at", { withTimezone: true }),
    reason: varchar("reason", { length: 500 }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "update_installs_pk", columns: [t.updateId, t.installId] }),
    check("update_installs_state_check", inList("state", UPDATE_INSTALL_STATES)),
  ],
);
