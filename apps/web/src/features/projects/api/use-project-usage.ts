import { ProjectUsageResponseSchema } from "@hybridge/shared/projects/quotas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectUsageKey } from "@/lib/project-usage";
import { projectsEndpoints } from "./endpoints";

export function getProjectUsageQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectUsageKey(projectId),
    queryFn: ({ signal }) =>
      apiClient.get(projectsEndpoints.projectUsage(projectId), ProjectUsageResponseSchema, {
        signal,
      }),
  });
}

/** The project's web bundles kept and storage used, against this server's limits. */
export function useProjectUsage(projectId: string) {
  return useQuery(getProjectUsageQueryOptions(projectId));
}
