import type { BuildPlatform } from "@hybridge/shared/common/enums";

/** Every cached query of the builds feature; mutations and live events use the same keys. */
export const buildsKeys = {
  all: ["builds"] as const,
  project: (projectId: string) => ["builds", "project", projectId] as const,
  latestAll: (projectId: string) => ["builds", "project", projectId, "latest"] as const,
  latest: (projectId: string, platform: BuildPlatform) =>
    ["builds", "project", projectId, "latest", platform] as const,
  list: (platform: BuildPlatform) => ["builds", "list", platform] as const,
};
