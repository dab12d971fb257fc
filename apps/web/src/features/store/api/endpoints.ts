/** The store API's endpoints (same origin). */
export const storeEndpoints = {
  modules: "/api/store/modules",
  module: (id: string) => `/api/store/modules/${encodeURIComponent(id)}`,
  integrationTargets: (id: string) => `/api/store/modules/${encodeURIComponent(id)}/projects`,
  integrations: (id: string) => `/api/store/modules/${encodeURIComponent(id)}/integrations`,
  projectModules: (projectId: string) =>
    `/api/store/projects/${encodeURIComponent(projectId)}/modules`,
  projectModule: (projectId: string, moduleId: string) =>
    `/api/store/projects/${encodeURIComponent(projectId)}/modules/${encodeURIComponent(moduleId)}`,
} as const;
