import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { type JoinInput, JoinResponseSchema } from "@hybridge/shared/community/schemas";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** Sends a join (new app) request; the answer is the stored request. */
export function useJoinCommunity() {
  return useMutation({
    mutationFn: (input: JoinInput) =>
      apiClient.post(communityEndpoints.join, input, JoinResponseSchema),
  });
}
