import type { IconKind } from "@hybridge/shared/files/icons";
import {
  type ProjectResponse,
  ProjectResponseSchema,
  type UpdateProjectInput,
} from "@hybridge/shared/projects/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { sendForm, type UploadProgress } from "@/lib/upload";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

function useSaveProject() {
  const queryClient = useQueryClient();
  return (id: string, answer: ProjectResponse) => {
    queryClient.setQueryData(projectsKeys.detail(id), answer);
    void queryClient.invalidateQueries({ queryKey: projectsKeys.list() });
  };
}

/** Saves one of the update page's small forms. */
export function useUpdateProject(id: string) {
  const save = useSaveProject();
  return useMutation({
    mutationFn: (input: UpdateProjectInput) =>
      apiClient.patch(projectsEndpoints.project(id), input, ProjectResponseSchema),
    onSuccess: (answer) => save(id, answer),
  });
}

/** Replaces one of the project's icons, reporting the upload's progress. */
export function useReplaceIcon(
  id: string,
  kind: IconKind,
  options: { onProgress?: (progress: UploadProgress) => void } = {},
) {
  const save = useSaveProject();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append("file", file, file.name);
      return sendForm({
        method: "PUT",
        url: projectsEndpoints.icon(id, kind),
        body,
        schema: ProjectResponseSchema,
        onProgress: options.onProgress,
      });
    },
    onSuccess: (answer) => save(id, answer),
  });
}
