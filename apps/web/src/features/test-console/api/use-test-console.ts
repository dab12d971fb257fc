import { TestConsoleResponseSchema } from "@hybridge/shared/test-console/schemas";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { testConsoleEndpoints } from "./endpoints";
import { testConsoleKeys } from "./query-keys";

export function getTestConsoleQueryOptions(appKey: string) {
  return queryOptions({
    queryKey: testConsoleKeys.console(appKey),
    queryFn: ({ signal }) =>
      apiClient.get(testConsoleEndpoints.console(appKey), TestConsoleResponseSchema, { signal }),
  });
}

/**
 * The console of one project: its app code, the owner's app codes, the tester's configuration
 * and the dev-app link. Reading it is a visit: the server creates the configuration on the
 * first one and points its keyCode at this project (404 for someone else's app code).
 */
export function useTestConsole(appKey: string) {
  // Switching projects keeps the page (and the menu's focus) until the next console arrives.
  return useQuery({ ...getTestConsoleQueryOptions(appKey), placeholderData: keepPreviousData });
}
