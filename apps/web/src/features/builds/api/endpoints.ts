import type { BuildPlatform } from "@hybridge/shared/common/enums";

const project = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/builds`;

/** The builds API's endpoints (same origin). */
export const buildsEndpoints = {
  summary: (projectId: string) => `${project(projectId)}/summary`,
  latest: (projectId: string, platform: BuildPlatform) =>
    `${project(projectId)}/latest?platform=${platform}`,
  events: (projectId: string) => `${project(projectId)}/events`,
  request: project,
  list: (platform: BuildPlatform) => `/api/builds?platform=${platform}`,
  publish: (buildId: string) => `/api/builds/${encodeURIComponent(buildId)}/publish`,
} as const;
