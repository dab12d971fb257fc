import { desc } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { modules } from "../../platform/db/schema";

/** Every module of the store, newest first (spec section 7: modules by createdAt desc). */
export async function listModules(options: { db: Db }) {
  const { db } = options;
  return db.select().from(modules).orderBy(desc(modules.createdAt), desc(modules.id));
}
