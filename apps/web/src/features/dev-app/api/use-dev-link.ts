import { DEV_LINK_API_PATH } from "@hybridge/shared/dev-app/links";
import { DevLinkResponseSchema } from "@hybridge/shared/dev-app/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient } from "@/lib/api-client";

export const devLinkEndpoint = (appKey: string, url: string) =>
  `${DEV_LINK_API_PATH}/${encodeURIComponent(appKey)}?url=${encodeURIComponent(url)}`;

export function getDevLinkQueryOptions(appKey: string, url: string) {
  return queryOptions({
    queryKey: ["dev-link", appKey, url],
    queryFn: ({ signal }) =>
      apiClient.get(devLinkEndpoint(appKey, url), DevLinkResponseSchema, { signal }),
    // A refused address or an unknown app does not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** What the dev app will read for this link: the server checks it exactly as for the app. */
export function useDevLink(appKey: string, url: string) {
  return useQuery(getDevLinkQueryOptions(appKey, url));
}
