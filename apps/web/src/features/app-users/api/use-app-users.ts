import {
  AcceptedResponseSchema,
  APP_USERS_API_PATH,
  AppUserLinkSchema,
  type AppUserNewPasswordInput,
  AppUsersPageSchema,
  type AppUsersSettings,
  AppUsersSettingsSchema,
  ConsoleAppUserResponseSchema,
} from "@hybridge/shared/app-users/schemas";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";

// The console's Users section (the owner's session) and the public pages of the mailed links.

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/app-users`;
const userPath = (projectId: string, userId: string) =>
  `${base(projectId)}/${encodeURIComponent(userId)}`;

export const appUsersKeys = {
  all: (projectId: string) => ["app-users", projectId] as const,
  list: (projectId: string, search: string) => ["app-users", projectId, "list", search] as const,
  settings: (projectId: string) => ["app-users", projectId, "settings"] as const,
};

/** The project's app users whose e-mail contains `search`, newest first, a page at a time. */
export function useAppUsers(projectId: string, search: string) {
  return useInfiniteQuery({
    queryKey: appUsersKeys.list(projectId, search),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (search) query.set("search", search);
      if (pageParam) query.set("cursor", pageParam);
      const text = query.toString();
      return apiClient.get(`${base(projectId)}${text ? `?${text}` : ""}`, AppUsersPageSchema);
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useAppUsersSettings(projectId: string) {
  return useQuery({
    queryKey: appUsersKeys.settings(projectId),
    queryFn: () => apiClient.get(`${base(projectId)}/settings`, AppUsersSettingsSchema),
  });
}

export function useUpdateAppUsersSettings(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AppUsersSettings) =>
      apiClient.patch(`${base(projectId)}/settings`, settings, AppUsersSettingsSchema),
    onSuccess: (settings) => queryClient.setQueryData(appUsersKeys.settings(projectId), settings),
  });
}

/** Disables (`disabled: true`) or enables an app user; the list reads them again. */
export function useSetAppUserDisabled(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { userId: string; disabled: boolean }) =>
      apiClient.post(
        `${userPath(projectId, input.userId)}/${input.disabled ? "disable" : "enable"}`,
        undefined,
        ConsoleAppUserResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUsersKeys.all(projectId) }),
  });
}

export function useDeleteAppUser(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiClient.delete(userPath(projectId, userId)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: appUsersKeys.all(projectId) }),
  });
}

/** Mails an app user a password reset link. */
export function useSendAppUserReset(projectId: string) {
  return useMutation({
    mutationFn: (userId: string) =>
      apiClient.post(`${userPath(projectId, userId)}/password-reset`, {}, AcceptedResponseSchema),
  });
}

// The mailed links' pages: the token is the credential, no session.

/** What a reset link says of itself (its app and address); fails when it no longer works. */
export function useResetLink(token: string) {
  return useQuery({
    queryKey: ["app-auth", "reset-link", token],
    queryFn: () =>
      apiClient.post(`${APP_USERS_API_PATH}/password-reset/check`, { token }, AppUserLinkSchema),
    enabled: token !== "",
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useConfirmReset(token: string) {
  return useMutation({
    mutationFn: (input: AppUserNewPasswordInput) =>
      apiClient.post(`${APP_USERS_API_PATH}/password-reset/confirm`, { ...input, token }),
  });
}

export function useConfirmVerification() {
  return useMutation({
    mutationFn: (token: string) =>
      apiClient.post(`${APP_USERS_API_PATH}/verification/confirm`, { token }, AppUserLinkSchema),
  });
}
