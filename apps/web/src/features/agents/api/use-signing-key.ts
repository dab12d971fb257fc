import {
  type ReplaceUploadKeyFields,
  UPLOAD_KEY_FILE_FIELD,
} from "@hybridge/shared/agents/upload-key";
import {
  type SigningKeyInfoResponse,
  SigningKeyInfoResponseSchema,
} from "@hybridge/shared/builds/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient } from "@/lib/api-client";
import { sendForm, type UploadProgress } from "@/lib/upload";
import { buildsEndpoints } from "./endpoints";
import { buildsKeys } from "./query-keys";

const signingKeyQueryKey = (projectId: string) => [...buildsKeys.project(projectId), "signing-key"];

/** The project's Android upload key (its password comes in the first answer only). */
export function useSigningKey(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: signingKeyQueryKey(projectId),
    queryFn: () =>
      apiClient.get(buildsEndpoints.signingKey(projectId), SigningKeyInfoResponseSchema),
    enabled,
    // The password is shown once: never refetch it behind the user's back.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/**
 * Replaces the upload key with the owner's keystore (multipart, with its progress); the section
 * shows the server's answer at once. Android builds are read again: some may have failed.
 */
export function useReplaceUploadKey(projectId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: ReplaceUploadKeyFields }) => {
      setProgress({ loaded: 0, total: file.size, fraction: 0 });
      const body = new FormData();
      body.append("password", fields.password);
      body.append("alias", fields.alias);
      body.append(UPLOAD_KEY_FILE_FIELD, file, file.name);
      return sendForm({
        method: "PUT",
        url: buildsEndpoints.signingKey(projectId),
        body,
        schema: SigningKeyInfoResponseSchema,
        onProgress: setProgress,
      });
    },
    onSuccess: (answer) => settleKeyChange(queryClient, projectId, answer),
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** Resets the upload key: the next Android build makes a new one. */
export function useResetUploadKey(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.delete(buildsEndpoints.signingKey(projectId), SigningKeyInfoResponseSchema),
    onSuccess: (answer) => settleKeyChange(queryClient, projectId, answer),
  });
}

function settleKeyChange(
  queryClient: ReturnType<typeof useQueryClient>,
  projectId: string,
  answer: SigningKeyInfoResponse,
) {
  queryClient.setQueryData(signingKeyQueryKey(projectId), answer);
  // Builds signed with the key that went may have failed: the cards read them again.
  void queryClient.invalidateQueries({ queryKey: buildsKeys.latestAll(projectId) });
}
