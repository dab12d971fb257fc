import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";
import { setSession } from "./use-session";

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    // The auth endpoint wants a JSON body, even an empty one.
    mutationFn: () => apiClient.post(authEndpoints.signOut, {}, OkResponseSchema),
    onSuccess: () => setSession(queryClient, { user: null }),
  });
}
