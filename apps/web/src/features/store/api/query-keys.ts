/** Query keys of the store feature; mutations invalidate by these. */
export const storeKeys = {
  all: ["store"] as const,
  list: () => [...storeKeys.all, "modules"] as const,
  detail: (id: string) => [...storeKeys.all, "module", id] as const,
  integrationTargets: (id: string) => [...storeKeys.detail(id), "projects"] as const,
  projectModules: (projectId: string) => [...storeKeys.all, "project", projectId] as const,
};
