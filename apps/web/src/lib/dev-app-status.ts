import { DEV_APP_STATUS_PATH } from "@hybridge/shared/dev-app/links";
import { type DevAppStatus, DevAppStatusSchema } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "./api-client";

/**
 * `GET /api/dev-app`: whether this server has the dev app to download. Read by the test console,
 * the /dev page and the public pages (those through src/public/dev-app-download.ts). Checked
 * again while the server is building it.
 */
export function getDevAppStatusQueryOptions() {
  return queryOptions({
    queryKey: ["dev-app", "status"],
    queryFn: ({ signal }) => apiClient.get(DEV_APP_STATUS_PATH, DevAppStatusSchema, { signal }),
    refetchInterval: (query) =>
      query.state.data?.available === false && query.state.data.state === "building"
        ? 10_000
        : false,
  });
}

export function useDevAppStatus() {
  return useQuery(getDevAppStatusQueryOptions());
}

/** "Version 1.0.123 · 4.2 MB" under an available dev app's button. */
export function devAppDetail(status: Extract<DevAppStatus, { available: true }>): string {
  return DevLinkTexts.versionAndSize(status.version, (status.size / 1024 / 1024).toFixed(1));
}
