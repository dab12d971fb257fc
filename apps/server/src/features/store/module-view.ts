import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { fileUrl } from "@hybridge/shared/files/icons";
import type { Module, ModuleSummary } from "@hybridge/shared/store/schemas";
import type { modules } from "../../platform/db/schema";

export type ModuleRow = typeof modules.$inferSelect;

/** The store's own columns are storage keys; the API shows URLs under /api/files/. */
export function toModuleSummary(row: ModuleRow): ModuleSummary {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    platform: row.platform as ModuleSummary["platform"],
    price: Number(row.price),
    thumbnailUrl: fileUrl(row.thumbnailUrl),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Its author and the admins may delete a module. */
export const canDeleteModule = (viewer: SessionUser, row: Pick<ModuleRow, "createdBy">) =>
  viewer.isAdmin || (row.createdBy !== null && row.createdBy === viewer.id);

export function toModule(row: ModuleRow, viewer: SessionUser): Module {
  return {
    ...toModuleSummary(row),
    videoUrl: row.videoUrl ? fileUrl(row.videoUrl) : null,
    canDelete: canDeleteModule(viewer, row),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Module ids are UUIDs: anything else is a module that does not exist (never a 400). */
export const isModuleId = (id: string) => UUID.test(id);
