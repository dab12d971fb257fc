import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "./helpers";
import { projects } from "./projects";

/**
 * The users of a project's app (decision 043): per project, apart from console accounts — the
 * same e-mail in two projects is two users. `email` is stored lower-cased; the unique
 * constraint decides between concurrent sign-ups.
 */
export const appUsers = pgTable(
  "app_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    projectId: varchar("project_id", { length: 101 })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    email: varchar("email", { length: 254 }).notNull(),
    /** `scrypt$N$r$p$salt$hash` (base64url). */
    passwordHash: text("password_hash").notNull(),
    verified: boolean("verified").notNull().default(false),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique("app_users_project_email_unique").on(t.projectId, t.email)],
);

/**
 * The refresh tokens of app users, kept as their SHA-256 (hex). One `family` per sign-in; each
 * use marks the token used and issues the next of its family; a used token presented again
 * revokes the family.
 */
export const appUserSessions = pgTable(
  "app_user_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    family: uuid("family").notNull(),
    tokenHash: varchar("token_hash", { length: 64 })
      .notNull()
      .unique("app_user_sessions_token_hash_unique"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    index("app_user_sessions_family_idx").on(t.family),
    index("app_user_sessions_user_idx").on(t.userId),
  ],
);

/**
 * One-use tokens mailed to app users: `verify` (their e-mail address) and `reset` (their
 * password), kept as their SHA-256 (hex) like refresh tokens. A token is spent by a conditional
 * update (`used_at IS NULL`), so two uses at once spend it once.
 */
export const appUserTokens = pgTable(
  "app_user_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => appUsers.id, { onDelete: "cascade" }),
    purpose: varchar("purpose", { length: 8 }).notNull(),
    tokenHash: varchar("token_hash", { length: 64 })
      .notNull()
      .unique("app_user_tokens_token_hash_unique"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    index("app_user_tokens_user_idx").on(t.userId),
    check("app_user_tokens_purpose", sql`${t.purpose} in ('verify', 'reset')`),
  ],
);
