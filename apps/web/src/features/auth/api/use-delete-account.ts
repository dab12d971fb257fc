import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";
import { setSession } from "./use-session";

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    // No body, so no content type: the server refuses an empty JSON body.
    mutationFn: () => apiClient.delete(authEndpoints.account, OkResponseSchema),
    onSuccess: () => setSession(queryClient, { user: null }),
  });
}
