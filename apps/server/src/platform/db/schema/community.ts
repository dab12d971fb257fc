import { COUNTRIES, SEGMENTS } from "@hybridge/shared/common/enums";
import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, uniqueIndex, uuid, varchar } from "drizzle-orm/pg-core";
import { createdAt, inList } from "./helpers";

/** Spec "contacts": join (new app) requests. */
export const contacts = pgTable(
  "contacts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: varchar("name", { length: 35 }).notNull(),
    description: varchar("description", { length: 200 }).notNull(),
    segment: varchar("segment", { length: 30 }).notNull(),
    email: varchar("email", { length: 35 }).notNull(),
    country: varchar("country", { length: 20 }).notNull(),
    status: boolean("status").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index("contacts_created_idx").on(t.createdAt.desc()),
    check("contacts_segment_check", inList("segment", SEGMENTS)),
    check("contacts_country_check", inList("country", COUNTRIES)),
    check("contacts_email_lower_check", sql`${t.email} = lower(${t.email})`),
  ],
);

/** Spec "inscriptions": beta sign-ups, one per lower-cased e-mail. */
export const betaSignups = pgTable(
  "beta_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: varchar("email", { length: 254 }).notNull(),
    dateCreated: createdAt("date_created"),
  },
  (t) => [
    uniqueIndex("beta_signups_email_lower_unique").on(sql`lower(${t.email})`),
    index("beta_signups_date_idx").on(t.dateCreated.desc()),
  ],
);
