import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { EarlyAdoptersResponseSchema } from "@hybridge/shared/community/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

export const earlyAdoptersQueryKey = ["community", "early-adopters"] as const;

export function getEarlyAdoptersQueryOptions() {
  return queryOptions({
    queryKey: earlyAdoptersQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get(communityEndpoints.earlyAdopters, EarlyAdoptersResponseSchema, { signal }),
  });
}

/** The beta list (admins only; others get a 403). */
export function useEarlyAdopters(options: { enabled: boolean }) {
  return useQuery({ ...getEarlyAdoptersQueryOptions(), enabled: options.enabled });
}
