/** Query keys of the projects feature; mutations invalidate by these. */
export const projectsKeys = {
  all: ["projects"] as const,
  list: () => [...projectsKeys.all, "list"] as const,
  /** The account's projects against MAX_PROJECTS_PER_USER (decision 035). */
  usage: () => [...projectsKeys.all, "usage"] as const,
  detail: (id: string) => [...projectsKeys.all, "detail", id] as const,
  /** The project page's header (name, app code, status). */
  summary: (id: string) => [...projectsKeys.all, "summary", id] as const,
  settings: (id: string) => [...projectsKeys.all, "settings", id] as const,
  codeAvailable: (code: string) => [...projectsKeys.all, "code-available", code] as const,
};
