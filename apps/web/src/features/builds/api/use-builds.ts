import {
  type BuildListItem,
  type BuildListResponse,
  BuildListResponseSchema,
} from "@hybridge/shared/builds/schemas";
import type { BuildPlatform } from "@hybridge/shared/common/enums";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "../../../lib/api-client";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";

export function getBuildsQueryOptions(platform: BuildPlatform) {
  return queryOptions({
    queryKey: buildsKeys.list(platform),
    queryFn: ({ signal }) =>
      apiClient.get(buildsEndpoints.list(platform), BuildListResponseSchema, { signal }),
  });
}

/** The user's builds of one platform, newest first; fetched only once `enabled`. */
export function useBuilds(platform: BuildPlatform, options: { enabled: boolean }) {
  return useQuery({ ...getBuildsQueryOptions(platform), enabled: options.enabled });
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
