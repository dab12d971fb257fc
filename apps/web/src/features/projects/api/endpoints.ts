import type { IconKind } from "@hybridge/shared/files/icons";

const project = (id: string) => `/api/projects/${encodeURIComponent(id)}`;

/** The projects API's endpoints (same origin). */
export const projectsEndpoints = {
  list: "/api/projects",
  usage: "/api/projects/usage",
  create: "/api/projects",
  codeAvailable: (code: string) => `/api/projects/code-available?code=${encodeURIComponent(code)}`,
  project,
  icon: (id: string, kind: IconKind) => `${project(id)}/icons/${kind}`,
  /** The project page's header (served under the builds' path). */
  summary: (id: string) => `${project(id)}/builds/summary`,
  /** What the project keeps against its quotas (decision 035). */
  projectUsage: (id: string) => `${project(id)}/usage`,
  settings: (id: string) => `${project(id)}/settings`,
  databaseKey: (id: string) => `${project(id)}/settings/database-key`,
  testKey: (id: string) => `${project(id)}/settings/test-key`,
} as const;
