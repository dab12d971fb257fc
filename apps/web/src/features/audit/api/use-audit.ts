import { type AuditAction, AuditPageSchema } from "@hybridge/shared/audit/schemas";
import { useInfiniteQuery, useIsMutating, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
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

/**
 * Reads the events again once the page's changes settle (a key regenerated, a build published
 * in another section): not live, but never behind what this page just did.
 */
export function useAuditAfterChanges() {
  const queryClient = useQueryClient();
  const mutating = useIsMutating();
  const before = useRef(mutating);
  useEffect(() => {
    if (before.current > 0 && mutating === 0) {
      void queryClient.invalidateQueries({ queryKey: ["audit"] });
    }
    before.current = mutating;
  }, [mutating, queryClient]);
}
