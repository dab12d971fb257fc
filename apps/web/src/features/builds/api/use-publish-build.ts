import { BuildResponseSchema } from "@hybridge/shared/builds/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";
import { replaceListedBuild } from "./use-builds";
import { writeLatestBuild } from "./use-latest-build";

/**
 * Publishes a pending build. The list shows the answer in place (no refetch); the project's
 * card learns it from the live stream, or from here when it is cached in this tab.
 */
export function usePublishBuild() {
  const queryClient = useQueryClient();
  return useMutation({
    // No body, so no content type: the server refuses an empty JSON body.
    mutationFn: (buildId: string) =>
      apiClient.post(buildsEndpoints.publish(buildId), undefined, BuildResponseSchema),
    onSuccess: ({ build }) => {
      replaceListedBuild(queryClient, build);
      if (queryClient.getQueryData(buildsKeys.latest(build.projectId, build.platform))) {
        writeLatestBuild(queryClient, build);
      }
    },
  });
}
