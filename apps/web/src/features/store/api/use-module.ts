import { ModuleDetailResponseSchema } from "@hybridge/shared/store/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";

export function getModuleQueryOptions(id: string) {
  return queryOptions({
    queryKey: storeKeys.detail(id),
    queryFn: ({ signal }) =>
      apiClient.get(storeEndpoints.module(id), ModuleDetailResponseSchema, { signal }),
  });
}

/** One module, whether the viewer may delete it, and up to 3 similar modules. */
export function useModule(id: string) {
  return useQuery(getModuleQueryOptions(id));
}
