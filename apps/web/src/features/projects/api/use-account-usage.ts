import { AccountUsageResponseSchema } from "@hybridge/shared/projects/quotas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

export function getAccountUsageQueryOptions() {
  return queryOptions({
    queryKey: projectsKeys.usage(),
    queryFn: ({ signal }) =>
      apiClient.get(projectsEndpoints.usage, AccountUsageResponseSchema, { signal }),
  });
}

/**
 * The account's projects against this server's limit (decision 035); `reached` once no new
 * app can be created.
 */
export function useAccountUsage(options: { enabled?: boolean } = {}) {
  const query = useQuery({ ...getAccountUsageQueryOptions(), enabled: options.enabled ?? true });
  const projects = query.data?.usage.projects;
  return { ...query, projects, reached: projects ? projects.count >= projects.limit : false };
}
