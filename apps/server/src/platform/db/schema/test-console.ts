import { NAVBAR_TYPES } from "@hybridge/shared/common/enums";
import { check, index, pgTable, text, timestamp, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, inList } from "./helpers";

/** Spec "tests": one test configuration per tester (the owner). */
export const testConfigs = pgTable(
  "test_configs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique("test_configs_user_unique")
      .references(() => user.id, { onDelete: "cascade" }),
    tester: text("tester").notNull(),
    keyCode: varchar("key_code", { length: 90 }),
    navBarType: varchar("nav_bar_type", { length: 10 }).notNull().default("footer"),
    statusBar: varchar("status_bar", { length: 7 }).notNull().default("#099e51"),
    network: text("network").notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("test_configs_tester_idx").on(t.tester),
    check("test_configs_nav_bar_type_check", inList("nav_bar_type", NAVBAR_TYPES)),
  ],
);
