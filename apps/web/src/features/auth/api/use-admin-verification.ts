import { AdminVerificationResponseSchema, OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { queryOptions, useMutation, useQuery } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { authEndpoints } from "./endpoints";

export const adminVerificationQueryKey = ["account", "admin-verification"] as const;

export function getAdminVerificationQueryOptions() {
  return queryOptions({
    queryKey: adminVerificationQueryKey,
    queryFn: ({ signal }) =>
      apiClient.get(authEndpoints.adminVerification, AdminVerificationResponseSchema, { signal }),
  });
}

/** Whether the signed-in account's address is an admin's still to verify (no rights until then). */
export function useAdminVerification(options: { enabled: boolean }) {
  return useQuery({ ...getAdminVerificationQueryOptions(), enabled: options.enabled });
}

/** Mails the verification link again. */
export function useSendAdminVerification() {
  return useMutation({
    mutationFn: () => apiClient.post(authEndpoints.adminVerification, {}, OkResponseSchema),
  });
}
