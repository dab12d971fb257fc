import {
  type Build,
  type LatestBuildResponse,
  LatestBuildResponseSchema,
} from "@hybridge/shared/builds/schemas";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";

export function getLatestBuildQueryOptions(projectId: string, platform: BuildPlatform) {
  return queryOptions({
    queryKey: buildsKeys.latest(projectId, platform),
    queryFn: ({ signal }) =>
      apiClient.get(buildsEndpoints.latest(projectId, platform), LatestBuildResponseSchema, {
        signal,
      }),
  });
}

/** A platform's latest build of the project; kept current by useProjectBuildsLive. */
export function useLatestBuild(projectId: string, platform: BuildPlatform) {
  return useQuery(getLatestBuildQueryOptions(projectId, platform));
}

/**
 * Has the project's platform cards read their latest builds again, after a change outside the
 * builds feature may have changed them (a new upload key fails the builds signed with the old).
 */
export function useRefetchLatestBuilds(projectId: string) {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: buildsKeys.latestAll(projectId) });
}

/**
 * Puts a platform's latest build in the cache. An answer that arrives late never replaces a
 * newer build: the latest build only moves forward in time (the same build may change status).
 */
export function writeLatestBuild(queryClient: QueryClient, build: Build) {
  queryClient.setQueryData<LatestBuildResponse>(
    buildsKeys.latest(build.projectId, build.platform),
    (current) => {
      const shown = current?.build;
      if (shown && shown.id !== build.id && shown.dateGenerate > build.dateGenerate) return current;
      // Whether a build machine is connected is the last answer's until the next read.
      return { build, builderConnected: current?.builderConnected ?? true };
    },
  );
}
