import {
  SignedInResponseSchema,
  type SignupInput,
  type SignupRequest,
} from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";
import { setSession } from "./use-session";

/** The sign-up request for the form's values; the display name is the e-mail's local part. */
export function toSignupRequest(input: SignupInput): SignupRequest {
  const name = input.email.split("@")[0] || input.email;
  return { email: input.email, password: input.password, name };
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) =>
      apiClient.post(authEndpoints.signUp, toSignupRequest(input), SignedInResponseSchema),
    onSuccess: (session) => setSession(queryClient, session),
  });
}
