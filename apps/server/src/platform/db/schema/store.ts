import { MODULE_PLATFORMS } from "@hybridge/shared/common/enums";
import { sql } from "drizzle-orm";
import { check, index, numeric, pgTable, text, uuid, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt, inList } from "./helpers";

export const modules = pgTable(
  "modules",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: varchar("title", { length: 120 }).notNull(),
    description: varchar("description", { length: 2000 }).notNull(),
    platform: varchar("platform", { length: 15 }).notNull().default("multiplatform"),
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull().default(0),
    thumbnailUrl: text("thumbnail_url").notNull(),
    videoUrl: text("video_url"),
    // The store outlives its authors: deleting an account keeps the module, unattributed.
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("modules_created_idx").on(t.createdAt.desc()),
    index("modules_platform_created_idx").on(t.platform, t.createdAt.desc()),
    check("modules_platform_check", inList("platform", MODULE_PLATFORMS)),
    check("modules_price_check", sql`${t.price} >= 0`),
  ],
);
