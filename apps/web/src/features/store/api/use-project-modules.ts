import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { ProjectModulesResponseSchema } from "@hybridge/shared/store/schemas";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";

export function getProjectModulesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: storeKeys.projectModules(projectId),
    queryFn: ({ signal }) =>
      apiClient.get(storeEndpoints.projectModules(projectId), ProjectModulesResponseSchema, {
        signal,
      }),
  });
}

/** The modules a project integrates, most recently added first. */
export function useProjectModules(projectId: string) {
  return useQuery(getProjectModulesQueryOptions(projectId));
}

/** Removes one module from the project; the list drops it and the module's dialog refreshes. */
export function useRemoveProjectModule(projectId: string) {
  const queryClient = useQueryClient();
  const key = getProjectModulesQueryOptions(projectId).queryKey;
  return useMutation({
    // No body, so no content type: the server refuses an empty JSON body.
    mutationFn: (moduleId: string) =>
      apiClient.delete(storeEndpoints.projectModule(projectId, moduleId), OkResponseSchema),
    onSuccess: (_ok, moduleId) => {
      queryClient.setQueryData(key, (data) =>
        data ? { modules: data.modules.filter((m) => m.id !== moduleId) } : data,
      );
    },
    onSettled: (_ok, _error, moduleId) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        queryClient.invalidateQueries({ queryKey: storeKeys.integrationTargets(moduleId) }),
      ]),
  });
}
