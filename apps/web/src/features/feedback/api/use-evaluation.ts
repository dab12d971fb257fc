import { EvaluationResponseSchema } from "@hybridge/shared/feedback/schemas";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { feedbackEndpoints } from "./endpoints";

export function getEvaluationQueryOptions() {
  return queryOptions({
    queryKey: ["feedback", "evaluation"] as const,
    queryFn: ({ signal }) =>
      apiClient.get(feedbackEndpoints.evaluation, EvaluationResponseSchema, { signal }),
  });
}

export const evaluationQueryKey = getEvaluationQueryOptions().queryKey;

/** The signed-in user's evaluation (`data.evaluation`, null before the first one). */
export function useEvaluation() {
  return useQuery(getEvaluationQueryOptions());
}
