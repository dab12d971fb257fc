import { pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./helpers";

/**
 * One-time facts about this installation ("the store was seeded"), kept in the database so they
 * hold for every server that shares it. The key is the primary key: claiming a flag is an
 * INSERT … ON CONFLICT DO NOTHING, so two servers starting at once cannot both claim it.
 */
export const appFlags = pgTable("app_flags", {
  key: text("key").primaryKey(),
  setAt: createdAt("set_at"),
});
