import { ProjectsResponseSchema } from "@hybridge/shared/projects/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

export function getProjectsQueryOptions() {
  return queryOptions({
    queryKey: projectsKeys.list(),
    queryFn: ({ signal }) =>
      apiClient.get(projectsEndpoints.list, ProjectsResponseSchema, { signal }),
  });
}

/** The signed-in owner's projects, newest first, with their install counts. */
export function useProjects() {
  return useQuery(getProjectsQueryOptions());
}
