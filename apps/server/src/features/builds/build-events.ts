import { BuildEvents } from "@hybridge/shared/builds/schemas";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import type { Db } from "../../platform/db/client";
import type { LiveHub } from "../../platform/live";
import { findLatestBuild } from "./get-latest-builds";

/** The live channel a project page listens to. */
export const projectBuildsChannel = (projectId: string) => `project:${projectId}:builds`;

/**
 * Tells the project's open pages what the platform's latest build now is. Called after the
 * change has committed, so a listener that refetches sees it too.
 */
export async function announceLatestBuild(options: {
  db: Db;
  live: LiveHub;
  projectId: string;
  platform: BuildPlatform;
}) {
  const latest = await findLatestBuild(options.db, options.projectId, options.platform);
  if (!latest) return;
  options.live.publish(projectBuildsChannel(options.projectId), {
    type: BuildEvents.changed,
    data: latest,
  });
}
