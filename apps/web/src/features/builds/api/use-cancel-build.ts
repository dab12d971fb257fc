import { BuildResponseSchema } from "@hybridge/shared/builds/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { buildsEndpoints } from "./endpoints";
import { replaceListedBuild } from "./use-builds";
import { writeLatestBuild } from "./use-latest-build";

/** Cancels a pending or building build; the card and the list show the answer at once. */
export function useCancelBuild(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (buildId: string) =>
      apiClient.post(buildsEndpoints.cancel(projectId, buildId), undefined, BuildResponseSchema),
    onSuccess: ({ build }) => {
      writeLatestBuild(queryClient, build);
      replaceListedBuild(queryClient, build);
    },
  });
}
