import { boolean, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { projects } from "./projects";

/**
 * Build machines (decision 022). Each calls the agents API with its bearer token, kept here as
 * a SHA-256 hash only; `tokenPrefix` tells tokens apart on the admin screen. The server's own
 * embedded agent is `embedded`: made at each start, revoked at close.
 */
export const agents = pgTable(
  "agents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 64 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique("agents_token_hash_unique"),
    tokenPrefix: varchar("token_prefix", { length: 16 }).notNull(),
    platforms: text("platforms").array().notNull(),
    embedded: boolean("embedded").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("agents_seen_idx").on(t.lastSeenAt)],
);

/**
 * A project's Android upload key (decision 022): made by the build machine at the project's
 * first Android build, kept encrypted with the server's secret (keystore and password), one per
 * project. `passwordShownAt`: when the owner first read the password (it is shown with every
 * download of the keystore, or it is theirs: they uploaded the key).
 */
export const signingKeys = pgTable("signing_keys", {
  projectId: varchar("project_id", { length: 101 })
    .primaryKey()
    .references(() => projects.id, { onDelete: "cascade" }),
  keystoreSealed: text("keystore_sealed").notNull(),
  passwordSealed: text("password_sealed").notNull(),
  alias: varchar("alias", { length: 64 }).notNull(),
  certSha256: varchar("cert_sha256", { length: 64 }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  passwordShownAt: timestamp("password_shown_at", { withTimezone: true }),
});
