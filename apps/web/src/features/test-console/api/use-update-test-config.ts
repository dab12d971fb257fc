import {
  TestConsoleResponseSchema,
  type UpdateTestConfigInput,
} from "@hybridge/shared/test-console/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { testConsoleEndpoints } from "./endpoints";
import { testConsoleKeys } from "./query-keys";

/**
 * One of the console's forms. The answer is the console's new data (configuration and QR
 * payload): it replaces this project's cache; the configuration is the tester's, shared by all
 * projects, so the other projects' cached consoles are marked stale.
 */
export function useUpdateTestConfig(appKey: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateTestConfigInput) =>
      apiClient.patch(testConsoleEndpoints.console(appKey), input, TestConsoleResponseSchema),
    onSuccess: (data) => {
      queryClient.setQueryData(testConsoleKeys.console(appKey), data);
      void queryClient.invalidateQueries({
        queryKey: testConsoleKeys.all,
        predicate: (query) => query.queryKey[1] !== appKey,
      });
    },
  });
}
