import { ModulesResponseSchema } from "@hybridge/shared/store/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";

export function getModulesQueryOptions() {
  return queryOptions({
    queryKey: storeKeys.list(),
    queryFn: ({ signal }) =>
      apiClient.get(storeEndpoints.modules, ModulesResponseSchema, { signal }),
  });
}

/** Every module of the store, newest first. */
export function useModules() {
  return useQuery(getModulesQueryOptions());
}
