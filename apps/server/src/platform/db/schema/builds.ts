import { BUILD_PLATFORMS, BUILD_STATUSES } from "@hybridge/shared/common/enums";
import { sql } from "drizzle-orm";
import {
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
import { user } from "./auth";
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
  ],
);
