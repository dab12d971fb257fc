import { type LoginInput, SignedInResponseSchema } from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";
import { setSession } from "./use-session";

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      apiClient.post(authEndpoints.signIn, input, SignedInResponseSchema),
    onSuccess: (session) => setSession(queryClient, session),
  });
}
