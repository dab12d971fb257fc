import {
  type BuildListItem,
  type BuildListResponse,
  BuildListResponseSchema,
} from "@hybridge/shared/builds/schemas";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";

export function getBuildsQueryOptions(platform: BuildPlatform) {
  return queryOptions({
    queryKey: buildsKeys.list(platform),
    queryFn: ({ signal }) =>
      apiClient.get(buildsEndpoints.list(platform), BuildListResponseSchema, { signal }),
  });
}

/** While a build is queued or building, the list is read again this often (its percent, state). */
const LIVE_INTERVAL_MS = 2000;

/**
 * The user's builds of one platform, newest first; fetched only once `enabled`, and read again
 * every 2 s while one of them is queued or building (the list spans every project, and the live
 * stream is per project).
 */
export function useBuilds(platform: BuildPlatform, options: { enabled: boolean }) {
  return useQuery({
    ...getBuildsQueryOptions(platform),
    enabled: options.enabled,
    refetchInterval: (query) =>
      query.state.data?.builds.some(
        (build) => build.status === "pending" || build.status === "building",
      )
        ? LIVE_INTERVAL_MS
        : false,
  });
}

/** Replaces one build of a cached list in place (its project name stays). */
export function replaceListedBuild(
  queryClient: QueryClient,
  build: Omit<BuildListItem, "projectName">,
) {
  queryClient.setQueryData<BuildListResponse>(buildsKeys.list(build.platform), (current) =>
    current
      ? {
          builds: current.builds.map((item) =>
            item.id === build.id ? { ...build, projectName: item.projectName } : item,
          ),
        }
      : current,
  );
}
