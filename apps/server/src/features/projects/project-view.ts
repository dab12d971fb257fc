import { fileUrl } from "@hybridge/shared/files/icons";
import type { Project, ProjectListItem, ProjectSettings } from "@hybridge/shared/projects/schemas";
import { maskDatabaseKey } from "@hybridge/shared/projects/schemas";
import type { projectSettings, projects } from "../../platform/db/schema";

/** What a project's view reads of its row (the list selects only these). */
type ProjectRow = Pick<
  typeof projects.$inferSelect,
  | "id"
  | "name"
  | "keyApp"
  | "description"
  | "segment"
  | "color"
  | "statusbar"
  | "navBarType"
  | "icLaunchFileUrl"
  | "icNotificationFileUrl"
  | "status"
  | "createdAt"
>;
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

/** A project of the owner's list, with its install counts (no spread: the list is hot). */
export function toProjectListItem(
  row: ProjectRow & { apple: number; android: number },
): ProjectListItem {
  const project = toProject(row) as ProjectListItem;
  project.installs = { apple: row.apple, android: row.android };
  return project;
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
    testKeyEnabled: row.testKeyEnabled,
    createdAt: row.createdAt.toISOString(),
  };
}
