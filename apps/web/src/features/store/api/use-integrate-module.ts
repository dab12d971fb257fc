import { IntegrationResponseSchema } from "@hybridge/shared/store/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";
import { getIntegrationTargetsQueryOptions } from "./use-integration-targets";

/** Adds the module to one of the user's projects (idempotent on the server). */
export function useIntegrateModule(moduleId: string) {
  const queryClient = useQueryClient();
  // The typed key: the cache write knows the data's shape.
  const key = getIntegrationTargetsQueryOptions(moduleId).queryKey;
  return useMutation({
    mutationFn: (projectId: string) =>
      apiClient.post(
        storeEndpoints.integrations(moduleId),
        { projectId },
        IntegrationResponseSchema,
      ),
    onSuccess: ({ integration }) => {
      queryClient.setQueryData(key, (data) =>
        data
          ? {
              projects: data.projects.map((p) =>
                p.id === integration.projectId ? { ...p, integrated: true } : p,
              ),
            }
          : data,
      );
    },
    onSettled: (answer) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: key }),
        answer &&
          queryClient.invalidateQueries({
            queryKey: storeKeys.projectModules(answer.integration.projectId),
          }),
      ]),
  });
}
