import {
  type ReplaceUploadKeyFields,
  UPLOAD_KEY_FILE_FIELD,
} from "@hybridge/shared/agents/upload-key";
import {
  KeystorePasswordResponseSchema,
  type SigningKeyInfoResponse,
  SigningKeyInfoResponseSchema,
} from "@hybridge/shared/builds/schemas";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiClient } from "@/lib/api-client";
import { sendForm, type UploadProgress } from "@/lib/upload";
import { agentsEndpoints } from "./endpoints";

const signingKeyQueryKey = (projectId: string) => ["agents", "signing-key", projectId] as const;

/** The project's Android upload key: what it is, and whether it can still change. */
export function useSigningKey(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: signingKeyQueryKey(projectId),
    queryFn: () =>
      apiClient.get(agentsEndpoints.signingKey(projectId), SigningKeyInfoResponseSchema),
    enabled,
  });
}

/**
 * The keystore's password, read while the download dialog is open; never kept in the cache once
 * the dialog closes (gcTime 0), so that it does not linger in the page.
 */
export function useKeystorePassword(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...signingKeyQueryKey(projectId), "password"],
    queryFn: ({ signal }) =>
      apiClient.get(agentsEndpoints.keystorePassword(projectId), KeystorePasswordResponseSchema, {
        signal,
      }),
    enabled,
    gcTime: 0,
    staleTime: 0,
  });
}

/**
 * Replaces the upload key with the owner's keystore (multipart, with its progress); the section
 * shows the server's answer at once, and `onKeyChange` runs (builds signed with the key that
 * went may have failed: the app layer has the builds' cards read theirs again).
 */
export function useReplaceUploadKey(projectId: string, onKeyChange: () => void) {
  const settle = useSettleKeyChange(projectId, onKeyChange);
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
        url: agentsEndpoints.signingKey(projectId),
        body,
        schema: SigningKeyInfoResponseSchema,
        onProgress: setProgress,
      });
    },
    onSuccess: settle,
    onSettled: () => setProgress(null),
  });
  return { ...mutation, progress };
}

/** Resets the upload key: the next Android build makes a new one (then as above). */
export function useResetUploadKey(projectId: string, onKeyChange: () => void) {
  const settle = useSettleKeyChange(projectId, onKeyChange);
  return useMutation({
    mutationFn: () =>
      apiClient.delete(agentsEndpoints.signingKey(projectId), SigningKeyInfoResponseSchema),
    onSuccess: settle,
  });
}

/** The section shows the server's answer at once; then the page hears of the change. */
function useSettleKeyChange(projectId: string, onKeyChange: () => void) {
  const queryClient = useQueryClient();
  return (answer: SigningKeyInfoResponse) => {
    queryClient.setQueryData(signingKeyQueryKey(projectId), answer);
    onKeyChange();
  };
}
