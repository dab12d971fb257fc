import { CommentsResponseSchema } from "@hybridge/shared/feedback/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { feedbackEndpoints } from "./endpoints";

export function getCommentsQueryOptions() {
  return queryOptions({
    // The list depends on the session (canDelete); signing in or out clears it with the cache.
    queryKey: ["feedback", "comments"] as const,
    queryFn: ({ signal }) =>
      apiClient.get(feedbackEndpoints.comments, CommentsResponseSchema, { signal }),
  });
}

/** The typed key: cache writes (mutations, live events) know the data's shape. */
export const commentsQueryKey = getCommentsQueryOptions().queryKey;

/** The latest comments, newest first; kept current by `useCommentsLive`. */
export function useComments() {
  return useQuery(getCommentsQueryOptions());
}
