import { BUILD_PLATFORMS, BUILD_STATUSES } from "@hybridge/shared/common/enums";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { agents } from "./agents";
import { user } from "./auth";
import { webBundles } from "./bundles";
import { inList } from "./helpers";
import { projects } from "./projects";

/** Spec build requests (collections android and apple), one table with a platform column. */
export const builds = pgTable(
  "builds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    ownerId: text("owner_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    platform: varchar("platform", { length: 10 }).notNull(),
    appKey: varchar("app_key", { length: 90 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    buildPercent: varchar("build_percent", { length: 3 }).notNull().default("0"),
    version: integer("version").notNull(),
    dateGenerate: timestamp("date_generate", { withTimezone: true }).notNull().defaultNow(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /** Why it failed (shown to the owner). */
    failureReason: text("failure_reason"),
    /** How many times a build machine took it (decision 020: at most 2). */
    attempts: integer("attempts").notNull().default(0),
    /** The build machine working on it, and until when its lease holds. */
    agentId: uuid("agent_id").references(() => agents.id, { onDelete: "set null" }),
    leaseExpiresAt: timestamp("lease_expires_at", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** The signed app in storage (`artifacts/<uuid>.apk`), its size and SHA-256. */
    artifactKey: text("artifact_key"),
    artifactSize: bigint("artifact_size", { mode: "number" }),
    artifactSha256: varchar("artifact_sha256", { length: 64 }),
    /** SHA-256 of the signing certificate: the same for every Android build of a project. */
    certSha256: varchar("cert_sha256", { length: 64 }),
    /**
     * The web bundle a build machine was given at its claim (the project's newest then): what
     * the machine downloads, and what the pruning of old bundles keeps (decision 035).
     */
    bundleId: uuid("bundle_id").references(() => webBundles.id, { onDelete: "set null" }),
    /**
     * The update channel written into the build's hybridge.json when its job was made (Android
     * builds; null before a build machine took it, and for other platforms). Decision 056.
     */
    updateChannel: varchar("update_channel", { length: 40 }),
  },
  (t) => [
    index("builds_project_platform_date_idx").on(t.projectId, t.platform, t.dateGenerate.desc()),
    index("builds_owner_platform_date_idx").on(t.ownerId, t.platform, t.dateGenerate.desc()),
    // A version reaches the store once: of two requests that got the same version (one made
    // while the other was pending), only the first published can be (decision 008).
    uniqueIndex("builds_published_version_unique")
      .on(t.projectId, t.platform, t.version)
      .where(sql`${t.status} = 'published'`),
    check("builds_platform_check", inList("platform", BUILD_PLATFORMS)),
    check("builds_status_check", inList("status", BUILD_STATUSES)),
    check("builds_version_check", sql`${t.version} >= 1`),
    // The queue: the oldest pending build of a platform first (claim, queue positions).
    index("builds_queue_idx")
      .on(t.platform, t.dateGenerate, t.id)
      .where(sql`${t.status} = 'pending'`),
    // The lease sweeper: building builds whose lease ran out.
    index("builds_lease_idx").on(t.leaseExpiresAt).where(sql`${t.status} = 'building'`),
    // At most one pending build per project and platform (decision 035): a second request
    // answers the pending one; concurrent requests cannot both insert.
    uniqueIndex("builds_one_pending_unique")
      .on(t.projectId, t.platform)
      .where(sql`${t.status} = 'pending'`),
    // The fair order: when each owner was last served (the newest claim of their builds).
    index("builds_owner_started_idx")
      .on(t.ownerId, t.startedAt)
      .where(sql`${t.startedAt} is not null`),
    // The per-user cap: an owner's builds in the queue.
    index("builds_owner_queued_idx")
      .on(t.ownerId)
      .where(sql`${t.status} in ('pending', 'building')`),
    // A bundle's builds: its deletion sets theirs to null, pruning skips a bundle in use.
    index("builds_bundle_idx").on(t.bundleId).where(sql`${t.bundleId} is not null`),
  ],
);

/** A build's log, one row a line, in the order the build machine sent them. */
export const buildLogs = pgTable(
  "build_logs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    buildId: uuid("build_id")
      .notNull()
      .references(() => builds.id, { onDelete: "cascade" }),
    line: text("line").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("build_logs_build_idx").on(t.buildId, t.id)],
);
