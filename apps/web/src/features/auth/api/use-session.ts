import { type SessionResponse, SessionResponseSchema } from "@hybridge/shared/auth/schemas";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";

export const sessionQueryKey = ["session"] as const;

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: sessionQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get(authEndpoints.session, SessionResponseSchema, { signal }),
    staleTime: 60_000,
  });
}

/** The signed-in user (`data.user`), or `null` when signed out. */
export function useSession() {
  return useQuery(getSessionQueryOptions());
}

/**
 * Puts a new session in the cache so that guards and the top bar react at once, and drops
 * every other cached query: it belonged to the previous user.
 */
export function setSession(queryClient: QueryClient, session: SessionResponse) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, session);
}
