import type { BuildPlatform } from "@hybridge/shared/common/enums";

const project = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/builds`;

/** The builds API's endpoints (same origin). */
export const buildsEndpoints = {
  latest: (projectId: string, platform: BuildPlatform) =>
    `${project(projectId)}/latest?platform=${platform}`,
  events: (projectId: string) => `${project(projectId)}/events`,
  request: project,
  list: (platform: BuildPlatform) => `/api/builds?platform=${platform}`,
  publish: (buildId: string) => `/api/builds/${encodeURIComponent(buildId)}/publish`,
  cancel: (projectId: string, buildId: string) =>
    `${project(projectId)}/${encodeURIComponent(buildId)}/cancel`,
  log: (projectId: string, buildId: string, after: number) =>
    `${project(projectId)}/${encodeURIComponent(buildId)}/log?after=${after}`,
  apk: (projectId: string, buildId: string) =>
    `${project(projectId)}/${encodeURIComponent(buildId)}/apk`,
} as const;
