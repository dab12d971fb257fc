import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { type BetaInput, BetaResponseSchema } from "@hybridge/shared/community/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { earlyAdoptersQueryKey } from "./use-early-adopters";

export function useSignUpBeta() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BetaInput) =>
      apiClient.post(communityEndpoints.beta, input, BetaResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: earlyAdoptersQueryKey }),
  });
}
