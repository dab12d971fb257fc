import { SIMILAR_MODULES_LIMIT } from "@hybridge/shared/store/schemas";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { modules } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import { isModuleId, type ModuleRow } from "./module-view";

/** One module, or 404 with the spec's text (an unknown or malformed id alike). */
export async function findModule(options: { db: Db; moduleId: string }): Promise<ModuleRow> {
  const { db, moduleId } = options;
  if (!isModuleId(moduleId)) throw AppError.notFound(StoreTexts.moduleNotFound);
  const [row] = await db.select().from(modules).where(eq(modules.id, moduleId)).limit(1);
  if (!row) throw AppError.notFound(StoreTexts.moduleNotFound);
  return row;
}

/**
 * Up to 3 other modules to show beside `module` (spec section 9), in one query: those of the
 * same platform first, then the newest.
 */
export async function findSimilarModules(options: {
  db: Db;
  module: Pick<ModuleRow, "id" | "platform">;
}): Promise<ModuleRow[]> {
  const { db, module } = options;
  return db
    .select()
    .from(modules)
    .where(ne(modules.id, module.id))
    .orderBy(
      desc(sql`(${modules.platform} = ${module.platform})`),
      desc(modules.createdAt),
      desc(modules.id),
    )
    .limit(SIMILAR_MODULES_LIMIT);
}

/** A module's page: the module and its similar modules. */
export async function getModule(options: { db: Db; moduleId: string }) {
  const module = await findModule(options);
  const similar = await findSimilarModules({ db: options.db, module });
  return { module, similar };
}
