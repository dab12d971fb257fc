import { bigint, index, pgTable, text, varchar } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { createdAt } from "./helpers";

/**
 * Every uploaded file, so that deleting an owner (or a project) knows which blobs to remove
 * from storage. `key` is the storage key (e.g. app-icons/<uuid>.png).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    key: varchar("key", { length: 300 }).primaryKey(),
    ownerId: text("owner_id").references(() => user.id, { onDelete: "cascade" }),
    contentType: varchar("content_type", { length: 100 }).notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("stored_files_owner_idx").on(t.ownerId)],
);
