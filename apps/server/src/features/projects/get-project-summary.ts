import type { Db } from "../../platform/db/client";
import { findOwnedProject } from "../../platform/owned-project";

/** The project page's header: the owner's project, else 404. */
export function getProjectSummary(options: { db: Db; userId: string; projectId: string }) {
  return findOwnedProject(options.db, options);
}
