import { type CreateModuleInput, ModuleResponseSchema } from "@hybridge/shared/store/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { sendForm, type UploadProgress } from "@/lib/upload";
import { storeEndpoints } from "./endpoints";
import { storeKeys } from "./query-keys";

export type CreateModuleRequest = {
  input: CreateModuleInput;
  thumbnail: File;
  video: File | null;
};

/** The multipart body of POST /api/store/modules: text fields first, then the files. */
export function toCreateModuleForm({ input, thumbnail, video }: CreateModuleRequest) {
  const form = new FormData();
  form.append("title", input.title);
  form.append("description", input.description);
  form.append("price", String(input.price));
  form.append("platform", input.platform);
  form.append("thumbnail", thumbnail, thumbnail.name);
  if (video) form.append("video", video, video.name);
  return form;
}

/** Adds a module to the store, reporting the upload's progress. */
export function useCreateModule(options: { onProgress?: (progress: UploadProgress) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateModuleRequest) =>
      sendForm({
        method: "POST",
        url: storeEndpoints.modules,
        body: toCreateModuleForm(request),
        schema: ModuleResponseSchema,
        onProgress: options.onProgress,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: storeKeys.all }),
  });
}
