import { type CreateProjectInput, ProjectResponseSchema } from "@hybridge/shared/projects/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendForm, type UploadProgress } from "@/lib/upload";
import { projectsEndpoints } from "./endpoints";
import { projectsKeys } from "./query-keys";

export type CreateProjectRequest = {
  input: CreateProjectInput;
  icLaunch?: File | null;
  icNotification?: File | null;
};

/** The multipart body of POST /api/projects: text fields first, then the files. */
export function toCreateProjectForm({ input, icLaunch, icNotification }: CreateProjectRequest) {
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) form.append(name, String(value));
  if (icLaunch) form.append("icLaunch", icLaunch, icLaunch.name);
  if (icNotification) form.append("icNotification", icNotification, icNotification.name);
  return form;
}

/** Creates an app project, reporting the upload's progress. */
export function useCreateProject(
  options: { onProgress?: (progress: UploadProgress) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateProjectRequest) =>
      sendForm({
        method: "POST",
        url: projectsEndpoints.create,
        body: toCreateProjectForm(request),
        schema: ProjectResponseSchema,
        onProgress: options.onProgress,
      }),
    // A refusal may be the project limit, reached meanwhile in another tab: read it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: projectsKeys.usage() }),
    onSuccess: ({ project }) => {
      queryClient.setQueryData(projectsKeys.detail(project.id), { project });
      void queryClient.invalidateQueries({ queryKey: projectsKeys.usage() });
      return queryClient.invalidateQueries({ queryKey: projectsKeys.list() });
    },
  });
}
