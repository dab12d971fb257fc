import {
  type RequestBuildInput,
  RequestBuildResponseSchema,
} from "@hybridge/shared/builds/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";
import { writeLatestBuild } from "./use-latest-build";

/**
 * Queues a new build of one platform of the project, or answers the one already queued
 * (`alreadyQueued`, decision 035).
 */
export function useRequestBuild(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestBuildInput) =>
      apiClient.post(buildsEndpoints.request(projectId), input, RequestBuildResponseSchema),
    onSuccess: ({ build }) => {
      writeLatestBuild(queryClient, build);
      void queryClient.invalidateQueries({ queryKey: buildsKeys.list(build.platform) });
    },
  });
}
