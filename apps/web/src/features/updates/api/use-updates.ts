import {
  type BuildChannelInput,
  BuildChannelResponseSchema,
  ChannelResponseSchema,
  type CreateChannelInput,
  type RollbackInput,
  type UpdateChangeInput,
  UpdateResponseSchema,
} from "@hybridge/shared/updates/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { projectUpdatesKey, useProjectUpdates } from "@/lib/project-updates";
import { invalidateProjectUsage } from "@/lib/project-usage";

// The project page's Updates section (the owner's session, decision 051's owner routes).

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export const updatesKeys = { list: projectUpdatesKey };

/** The project's channels, each with its updates newest first and their counts. */
export const useUpdates = useProjectUpdates;

/** Rolls an update out further, or pauses / resumes it; the list reads the counts again. */
export function useChangeUpdate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { updateId: string; change: UpdateChangeInput }) =>
      apiClient.patch(
        `${base(projectId)}/updates/${encodeURIComponent(input.updateId)}`,
        input.change,
        UpdateResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesKeys.list(projectId) }),
  });
}

/** Rolls a channel back to an earlier update of it, or to the builds' embedded bundle. */
export function useRollbackChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { channel: string; rollback: RollbackInput }) =>
      apiClient.post(
        `${base(projectId)}/channels/${encodeURIComponent(input.channel)}/rollback`,
        input.rollback,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesKeys.list(projectId) }),
  });
}

/** A new, empty channel; the list shows it with how to deploy to it. */
export function useCreateChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateChannelInput) =>
      apiClient.post(`${base(projectId)}/updates/channels`, input, ChannelResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesKeys.list(projectId) }),
  });
}

/** The channel new Android builds take updates from. */
export function useSetBuildChannel(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BuildChannelInput) =>
      apiClient.put(`${base(projectId)}/updates/build-channel`, input, BuildChannelResponseSchema),
    onSettled: () => queryClient.invalidateQueries({ queryKey: updatesKeys.list(projectId) }),
  });
}

/** Deletes an update no install needs; its bytes leave the project's storage. */
export function useDeleteUpdate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (updateId: string) =>
      apiClient.delete(`${base(projectId)}/updates/${encodeURIComponent(updateId)}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: updatesKeys.list(projectId) });
      void invalidateProjectUsage(queryClient, projectId);
    },
  });
}
