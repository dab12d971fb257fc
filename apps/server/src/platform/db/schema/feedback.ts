import { sql } from "drizzle-orm";
import {
  check,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt } from "./helpers";

export const comments = pgTable(
  "comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    text: varchar("text", { length: 2000 }).notNull(),
    timestamp: createdAt("timestamp"),
    userEmail: text("user_email").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("comments_timestamp_idx").on(t.timestamp.desc()),
    index("comments_user_idx").on(t.userId),
    check("comments_text_check", sql`length(btrim(${t.text})) > 0`),
  ],
);

const scale = (column: string) => sql.raw(`"${column}" BETWEEN 1 AND 5`);

/** One evaluation per user (unique userId); reopening edits it. */
export const evaluations = pgTable(
  "evaluations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique("evaluations_user_unique")
      .references(() => user.id, { onDelete: "cascade" }),
    userEmail: text("user_email").notNull(),
    docClarity: smallint("doc_clarity").notNull(),
    apiIntuition: smallint("api_intuition").notNull(),
    backendSimplicity: smallint("backend_simplicity").notNull(),
    mainAdvantage: varchar("main_advantage", { length: 1000 }).notNull(),
    mainWeakness: varchar("main_weakness", { length: 1000 }).notNull(),
    submittedAt: createdAt("submitted_at"),
    lastUpdatedAt: timestamp("last_updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check("evaluations_doc_clarity_check", scale("doc_clarity")),
    check("evaluations_api_intuition_check", scale("api_intuition")),
    check("evaluations_backend_simplicity_check", scale("backend_simplicity")),
  ],
);
