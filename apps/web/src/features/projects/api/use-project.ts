import { ProjectResponseSchema } from "@hybridge/shared/projects/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

export function getProjectQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectsKeys.detail(id),
    queryFn: ({ signal }) =>
      apiClient.get(projectsEndpoints.project(id), ProjectResponseSchema, { signal }),
  });
}

/** One of the owner's projects (404 for anyone else's). */
export function useProject(id: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...getProjectQueryOptions(id), enabled: options.enabled ?? true });
}
