import {
  type CollectionRulesInput,
  CollectionRulesSchema,
  type ProjectRulesResponse,
  ProjectRulesResponseSchema,
  type RulesTestInput,
  RulesTestResultSchema,
} from "@hybridge/shared/rules/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { databaseKeys } from "./use-database";

// A project's access rules (decision 044): the console reads, writes and tests them.

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/rules`;
const rulesKey = (projectId: string) => [...databaseKeys.all(projectId), "rules"] as const;

/** Every collection's rules (a collection without rules is not in the list). */
export function useProjectRules(projectId: string) {
  return useQuery({
    queryKey: rulesKey(projectId),
    queryFn: () => apiClient.get(base(projectId), ProjectRulesResponseSchema),
  });
}

/** Replaces a collection's five rules (400 VALIDATION: the first error, placed). */
export function useSaveRules(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: CollectionRulesInput) =>
      apiClient.put(
        `${base(projectId)}/${encodeURIComponent(collection)}`,
        rules,
        CollectionRulesSchema,
      ),
    // The saved rules at once (the editor stops saying "unsaved"), then the list read again.
    onSuccess: (saved) =>
      queryClient.setQueryData<ProjectRulesResponse>(rulesKey(projectId), (current) =>
        current
          ? {
              collections: [
                ...current.collections.filter((one) => one.collection !== saved.collection),
                saved,
              ],
            }
          : current,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey(projectId) }),
  });
}

/** Removes a collection's rules: app users can then do nothing with it. */
export function useRemoveRules(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete(`${base(projectId)}/${encodeURIComponent(collection)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rulesKey(projectId) }),
  });
}

/** "As this user, may I…?": allowed or refused, and why (nothing is written). */
export function useTestRules(projectId: string) {
  return useMutation({
    mutationFn: (input: RulesTestInput) =>
      apiClient.post(`${base(projectId)}/test`, input, RulesTestResultSchema),
  });
}
