import {
  bigint,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { projects } from "./projects";

/**
 * A project's web bundles (decision 021): the built web app as checked and re-packed at upload
 * (index.html at its root), in storage under `fileKey`. The newest is the one builds use.
 */
export const webBundles = pgTable(
  "web_bundles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    fileName: varchar("file_name", { length: 255 }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    unpackedSize: bigint("unpacked_size", { mode: "number" }).notNull(),
    fileCount: integer("file_count").notNull(),
    sha256: varchar("sha256", { length: 64 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("web_bundles_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id)],
);

/**
 * A project's deploy tokens (decision 028): what `hybridge deploy` uploads a web bundle with,
 * from a developer's computer or CI. Only the token's SHA-256 is kept; `tokenPrefix` tells tokens
 * apart in the console. A revoked token stays listed nowhere and works nowhere.
 */
export const deployTokens = pgTable(
  "deploy_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 64 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 })
      .notNull()
      .unique("deploy_tokens_token_hash_unique"),
    tokenPrefix: varchar("token_prefix", { length: 20 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("deploy_tokens_project_idx").on(t.projectId, t.createdAt.desc(), t.id)],
);
