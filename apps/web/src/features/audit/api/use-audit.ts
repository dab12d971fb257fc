import { type AuditAction, AuditPageSchema } from "@hybridge/shared/audit/schemas";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

/** Pages of events from `path` (newest first), the next one by the previous page's cursor. */
function useAuditPages(
  queryKey: readonly unknown[],
  path: string,
  query: URLSearchParams,
  enabled = true,
) {
  return useInfiniteQuery({
    queryKey,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(query);
      if (pageParam) params.set("cursor", pageParam);
      const text = params.toString();
      return apiClient.get(`${path}${text ? `?${text}` : ""}`, AuditPageSchema);
    },
    getNextPageParam: (page) => page.nextCursor,
    enabled,
  });
}

/** The project's Activity, for its owner. */
export function useProjectAudit(projectId: string) {
  return useAuditPages(
    ["audit", "project", projectId],
    `/api/projects/${encodeURIComponent(projectId)}/audit`,
    new URLSearchParams(),
  );
}

/** Every project's events, for admins (/dash), optionally one action only. */
export function useAdminAudit(action: AuditAction | "", enabled: boolean) {
  return useAuditPages(
    ["audit", "admin", action],
    "/api/admin/audit",
    new URLSearchParams(action ? { action } : {}),
    enabled,
  );
}
