import { type CommentInput, CommentSchema } from "@hybridge/shared/feedback/schemas";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { withCommentAdded } from "./comments-cache";
import { feedbackEndpoints } from "./endpoints";
import { commentsQueryKey } from "./use-comments";

export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommentInput) =>
      apiClient.post(feedbackEndpoints.comments, input, CommentSchema),
    onSuccess: (comment) =>
      queryClient.setQueryData(commentsQueryKey, (data) => withCommentAdded(data, comment)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: commentsQueryKey }),
  });
}
