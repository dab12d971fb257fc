import { ProjectSummaryResponseSchema } from "@hybridge/shared/projects/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

export function getProjectSummaryQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectsKeys.summary(projectId),
    queryFn: ({ signal }) =>
      apiClient.get(projectsEndpoints.summary(projectId), ProjectSummaryResponseSchema, { signal }),
  });
}

/** The project page's project: name, app key, status (404 for someone else's). */
export function useProjectSummary(projectId: string) {
  return useQuery(getProjectSummaryQueryOptions(projectId));
}
