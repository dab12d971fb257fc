import {
  type ProjectSettingsResponse,
  ProjectSettingsResponseSchema,
  type TestKeySwitchInput,
  TestKeySwitchInputSchema,
  TestKeySwitchResponseSchema,
} from "@hybridge/shared/projects/schemas";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

/**
 * The settings page's data. The first answer carries the clear database key, which the server
 * never gives again: the answer is fetched once per visit (no retry, no refetch on focus that
 * would replace it with the masked key) and dropped when the page is left.
 */
export function getProjectSettingsQueryOptions(id: string) {
  return queryOptions({
    queryKey: projectsKeys.settings(id),
    // No abort signal: a request cancelled after the server answered would lose the key.
    queryFn: () => apiClient.get(projectsEndpoints.settings(id), ProjectSettingsResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useProjectSettings(id: string, options: { enabled: boolean }) {
  return useQuery({ ...getProjectSettingsQueryOptions(id), enabled: options.enabled });
}

/** A new database key; the answer (with the new key, shown once) replaces the page's data. */
export function useRegenerateDatabaseKey(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post(projectsEndpoints.databaseKey(id), undefined, ProjectSettingsResponseSchema),
    onSuccess: (answer) => queryClient.setQueryData(projectsKeys.settings(id), answer),
  });
}

/**
 * The Test Mode key's switch. The answer updates the page's data in place: a key shown once on
 * this visit stays shown.
 */
export function useSetTestKeyEnabled(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TestKeySwitchInput) =>
      apiClient.put(
        projectsEndpoints.testKey(id),
        TestKeySwitchInputSchema.parse(input),
        TestKeySwitchResponseSchema,
      ),
    onSuccess: ({ testKeyEnabled }) =>
      queryClient.setQueryData<ProjectSettingsResponse>(projectsKeys.settings(id), (answer) =>
        answer ? { settings: { ...answer.settings, testKeyEnabled } } : answer,
      ),
  });
}
