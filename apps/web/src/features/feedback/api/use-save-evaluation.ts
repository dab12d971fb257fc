import {
  type EvaluationInput,
  SaveEvaluationResponseSchema,
} from "@hybridge/shared/feedback/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { feedbackEndpoints } from "./endpoints";
import { evaluationQueryKey } from "./use-evaluation";

/** Creates or updates the user's one evaluation; `created` tells which. */
export function useSaveEvaluation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EvaluationInput) =>
      apiClient.put(feedbackEndpoints.evaluation, input, SaveEvaluationResponseSchema),
    // The answer is the stored evaluation: no refetch needed. Nothing is invalidated on failure
    // either, so that the open form keeps what the user typed.
    onSuccess: ({ evaluation }) => queryClient.setQueryData(evaluationQueryKey, { evaluation }),
  });
}
