import { UpdatesListResponseSchema } from "@hybridge/shared/updates/schemas";
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/**
 * A project's update channels (GET /api/projects/{id}/updates, decisions 051, 056): shown by the
 * updates feature's section, read by the bundles feature's upload (its channel select) and
 * refreshed after that upload makes an update — through here rather than by importing another
 * feature's internals.
 */
export const projectUpdatesKey = (projectId: string) => ["updates", projectId] as const;

/** The project's channels, each with its updates newest first and their counts. */
export function useProjectUpdates(projectId: string) {
  return useQuery({
    queryKey: projectUpdatesKey(projectId),
    queryFn: () =>
      apiClient.get(
        `/api/projects/${encodeURIComponent(projectId)}/updates`,
        UpdatesListResponseSchema,
      ),
  });
}

/** Reads the project's updates again (after an upload sent as an update). */
export function invalidateProjectUpdates(queryClient: QueryClient, projectId: string) {
  return queryClient.invalidateQueries({ queryKey: projectUpdatesKey(projectId) });
}
