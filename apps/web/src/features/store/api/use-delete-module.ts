import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";

/** Whether a query key belongs to one module's page (its detail and dialog data). */
const isModuleKey = (key: readonly unknown[], id: string) =>
  key[0] === storeKeys.all[0] && key[1] === "module" && key[2] === id;

/** Deletes a module (its author or an admin); the store and the other module pages refresh. */
export function useDeleteModule() {
  const queryClient = useQueryClient();
  return useMutation({
    // No body, so no content type: the server refuses an empty JSON body.
    mutationFn: (id: string) => apiClient.delete(storeEndpoints.module(id), OkResponseSchema),
    onSuccess: (_ok, id) =>
      Promise.all([
        // The page still shows it until the caller navigates away: no refetch (it would 404),
        // only marked stale so that coming back asks the server again.
        queryClient.invalidateQueries({ queryKey: storeKeys.detail(id), refetchType: "none" }),
        queryClient.invalidateQueries({
          queryKey: storeKeys.all,
          predicate: (query) => !isModuleKey(query.queryKey, id),
        }),
      ]),
  });
}
