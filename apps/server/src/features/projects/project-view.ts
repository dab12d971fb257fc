import { fileUrl } from "@hybridge/shared/files/icons";
import type { Project, ProjectSettings } from "@hybridge/shared/projects/schemas";
import { maskDatabaseKey } from "@hybridge/shared/projects/schemas";
import type { projectSettings, projects } from "../../platform/db/schema";

type ProjectRow = typeof projects.$inferSelect;
type SettingsRow = typeof projectSettings.$inferSelect;

/** A project row as its owner sees it: icon keys become URLs, dates ISO strings. */
export function toProject(row: ProjectRow): Project {
  return {
    id: row.id,
    name: row.name,
    keyApp: row.keyApp,
    description: row.description,
    segment: row.segment as Project["segment"],
    color: row.color,
    statusbar: row.statusbar,
    navBarType: row.navBarType as Project["navBarType"],
    icLaunchFileUrl: fileUrl(row.icLaunchFileUrl),
    icNotificationFileUrl: fileUrl(row.icNotificationFileUrl),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Settings as the page shows them; `databaseKey` only when this answer reveals it. */
export function toSettings(row: SettingsRow, databaseKey: string | null): ProjectSettings {
  return {
    projectId: row.id,
    appId: row.appId,
    appKey: row.appKey,
    appName: row.appName,
    databaseKey,
    databaseKeyMasked: maskDatabaseKey(row.databaseKeyPrefix),
    keyRevealedAt: row.keyRevealedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
