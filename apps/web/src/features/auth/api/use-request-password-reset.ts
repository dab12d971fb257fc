import { OkResponseSchema, type PasswordResetInput } from "@hybridge/shared/auth/schemas";
import { useMutation } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";

export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) =>
      apiClient.post(authEndpoints.passwordReset, input, OkResponseSchema),
  });
}
