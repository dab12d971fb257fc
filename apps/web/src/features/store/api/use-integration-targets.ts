import { IntegrationTargetsResponseSchema } from "@hybridge/shared/store/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";

export function getIntegrationTargetsQueryOptions(moduleId: string) {
  return queryOptions({
    queryKey: storeKeys.integrationTargets(moduleId),
    queryFn: ({ signal }) =>
      apiClient.get(storeEndpoints.integrationTargets(moduleId), IntegrationTargetsResponseSchema, {
        signal,
      }),
    // The projects may have changed elsewhere since the dialog was last open.
    staleTime: 0,
  });
}

/** The user's projects for the integrate dialog, those that already use the module marked. */
export function useIntegrationTargets(moduleId: string, options: { enabled: boolean }) {
  return useQuery({ ...getIntegrationTargetsQueryOptions(moduleId), enabled: options.enabled });
}
