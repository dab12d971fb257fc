import { BuildsTexts } from "@hybridge/shared/builds/texts";
import type { ProjectSummary } from "@hybridge/shared/projects/schemas";
import type { Db } from "../../platform/db/client";
import { requireOwnedProject } from "../../platform/owned-project";

/** The project page's header: the owner's project, else 404. */
export async function getProjectSummary(options: {
  db: Db;
  userId: string;
  projectId: string;
}): Promise<ProjectSummary> {
  const { id, name, keyApp, status } = await requireOwnedProject(options.db, {
    ...options,
    notFound: BuildsTexts.projectNotFound,
  });
  return { id, name, keyApp, status };
}
