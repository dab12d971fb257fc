import { CommentsResponseSchema } from "@hybridge/shared/feedback/schemas";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { feedbackEndpoints } from "./endpoints";

export function getCommentsQueryOptions() {
  return infiniteQueryOptions({
    // The list depends on the session (canDelete); signing in or out clears it with the cache.
    queryKey: ["feedback", "comments"] as const,
    queryFn: ({ signal, pageParam }) =>
      apiClient.get(feedbackEndpoints.commentsPage(pageParam), CommentsResponseSchema, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** The typed key: cache writes (mutations, live events) know the data's shape. */
export const commentsQueryKey = getCommentsQueryOptions().queryKey;

/**
 * The comments, newest first, a page at a time (`fetchNextPage` loads older ones); kept current
 * by `useCommentsLive`.
 */
export function useComments() {
  return useInfiniteQuery(getCommentsQueryOptions());
}
