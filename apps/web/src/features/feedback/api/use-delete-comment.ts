import { OkResponseSchema } from "@hybridge/shared/auth/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { withCommentRemoved } from "./comments-cache";
import { feedbackEndpoints } from "./endpoints";
import { commentsQueryKey } from "./use-comments";

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    // No body, so no content type: the server refuses an empty JSON body.
    mutationFn: (id: string) => apiClient.delete(feedbackEndpoints.comment(id), OkResponseSchema),
    onSuccess: (_ok, id) =>
      queryClient.setQueryData(commentsQueryKey, (data) => withCommentRemoved(data, id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey }),
  });
}
