import {
  DEV_LINK_API_PATH,
  type DevLinkTarget,
  devLinkQuery,
} from "@hybridge/shared/dev-app/links";
import { DevLinkResponseSchema } from "@hybridge/shared/dev-app/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient } from "@/lib/api-client";

/** The dev-link API's address for a link: the same query as the link itself (devLinkUrl). */
export const devLinkEndpoint = (appKey: string, target: DevLinkTarget) =>
  `${DEV_LINK_API_PATH}/${encodeURIComponent(appKey)}?${devLinkQuery(target)}`;

export function getDevLinkQueryOptions(appKey: string, target: DevLinkTarget) {
  return queryOptions({
    queryKey: ["dev-link", appKey, target],
    queryFn: ({ signal }) =>
      apiClient.get(devLinkEndpoint(appKey, target), DevLinkResponseSchema, { signal }),
    // A refused address or an unknown app does not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** What the dev app will read for this link: the server checks it exactly as for the app. */
export function useDevLink(appKey: string, target: DevLinkTarget) {
  return useQuery(getDevLinkQueryOptions(appKey, target));
}
