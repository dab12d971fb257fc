import {
  BUNDLE_FILE_FIELD,
  BundleListResponseSchema,
  BundleResponseSchema,
  type CreateDeployTokenInput,
  CreateDeployTokenResponseSchema,
  DeployTokenListResponseSchema,
} from "@hybridge/shared/bundles/schemas";
import type { DeployUpdateFields } from "@hybridge/shared/updates/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient } from "@/lib/api-client";
import { invalidateProjectUpdates } from "@/lib/project-updates";
import { invalidateProjectUsage } from "@/lib/project-usage";
import { sendForm, type UploadProgress } from "@/lib/upload";

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/bundles`;
export const bundlesKeys = { list: (projectId: string) => ["bundles", projectId] as const };

export function useBundles(projectId: string) {
  return useQuery({
    queryKey: bundlesKeys.list(projectId),
    queryFn: () => apiClient.get(base(projectId), BundleListResponseSchema),
  });
}

/**
 * Uploads a zip with its progress, and — `update` given — sends it to installed apps as an
 * update too (decision 056: the fields before the file); the lists are read again once the
 * server took it.
 */
export function useUploadBundle(projectId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file, update }: { file: File; update?: DeployUpdateFields }) => {
      setProgress({ loaded: 0, total: file.size, fraction: 0 });
      const body = new FormData();
      if (update) {
        body.append("asUpdate", "true");
        if (update.channel) body.append("channel", update.channel);
        if (update.rolloutPercent !== undefined) {
          body.append("rolloutPercent", String(update.rolloutPercent));
        }
        if (update.message) body.append("message", update.message);
      }
      body.append(BUNDLE_FILE_FIELD, file, file.name);
      return sendForm({
        method: "POST",
        url: base(projectId),
        body,
        schema: BundleResponseSchema,
        onProgress: setProgress,
      });
    },
    onSettled: () => {
      setProgress(null);
      void queryClient.invalidateQueries({ queryKey: bundlesKeys.list(projectId) });
      // An upload may prune older bundles: both change the project's usage.
      void invalidateProjectUsage(queryClient, projectId);
      void invalidateProjectUpdates(queryClient, projectId);
    },
  });
  return { ...mutation, progress };
}

export function useDeleteBundle(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bundleId: string) =>
      apiClient.delete(`${base(projectId)}/${encodeURIComponent(bundleId)}`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: bundlesKeys.list(projectId) });
      void invalidateProjectUsage(queryClient, projectId);
    },
  });
}

const tokensBase = (projectId: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/deploy-tokens`;
export const deployTokensKeys = {
  list: (projectId: string) => ["deploy-tokens", projectId] as const,
};

export function useDeployTokens(projectId: string) {
  return useQuery({
    queryKey: deployTokensKeys.list(projectId),
    queryFn: () => apiClient.get(tokensBase(projectId), DeployTokenListResponseSchema),
  });
}

/** A new deploy token: the answer holds its secret, shown once. */
export function useCreateDeployToken(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDeployTokenInput) =>
      apiClient.post(tokensBase(projectId), input, CreateDeployTokenResponseSchema),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: deployTokensKeys.list(projectId) }),
  });
}

export function useRevokeDeployToken(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tokenId: string) =>
      apiClient.delete(`${tokensBase(projectId)}/${encodeURIComponent(tokenId)}`),
    onSettled: () =>
      void queryClient.invalidateQueries({ queryKey: deployTokensKeys.list(projectId) }),
  });
}
