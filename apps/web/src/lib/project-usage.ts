import type { QueryClient } from "@tanstack/react-query";

/**
 * The query key of a project's usage (GET /api/projects/{id}/usage, decision 035): shown by the
 * projects feature's project page, changed by the bundles and data features' mutations, which
 * invalidate it through here rather than import another feature's keys.
 */
export const projectUsageKey = (projectId: string) => ["project-usage", projectId] as const;

/** Reads the project's usage again (after a bundle or a document's file was added or removed). */
export function invalidateProjectUsage(queryClient: QueryClient, projectId: string) {
  return queryClient.invalidateQueries({ queryKey: projectUsageKey(projectId) });
}
