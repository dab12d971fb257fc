import { OkResponseSchema, type PasswordChangeInput } from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";
import { sessionQueryKey } from "./use-session";

/** Changes the signed-in user's password, or sets a new one from a reset-mail token. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordChangeInput) =>
      apiClient.post(authEndpoints.password, input, OkResponseSchema),
    onSuccess: async (_data, input) => {
      // A reset signs the account out everywhere: learn the new state before moving on.
      if (input.token) await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
