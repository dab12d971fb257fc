import {
  CommentDeletedEventSchema,
  CommentEvents,
  canDeleteComment,
  PublicCommentSchema,
} from "@hybridge/shared/feedback/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSession } from "../../auth/api/use-session";
import { withCommentAdded, withCommentRemoved } from "./comments-cache";
import { feedbackEndpoints } from "./endpoints";
import { commentsQueryKey } from "./use-comments";

function parse(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return undefined;
  }
}

/**
 * Keeps the cached comments current while mounted: comments added or deleted anywhere arrive
 * over server-sent events and are written into the query cache. EventSource reconnects by itself;
 * every `ready` (the first one and each after a reconnect) refetches the list, so that nothing
 * published while the stream was down is missed.
 */
export function useCommentsLive() {
  const queryClient = useQueryClient();
  // Read when an event arrives, so that the session loading does not reopen the stream.
  const viewer = useRef<{ id: string; isAdmin: boolean } | null>(null);
  viewer.current = useSession().data?.user ?? null;

  useEffect(() => {
    const source = new EventSource(feedbackEndpoints.commentEvents);

    const onReady = () => {
      // A list fetch still in flight is reused rather than restarted.
      void queryClient.refetchQueries({ queryKey: commentsQueryKey }, { cancelRefetch: false });
    };
    const onAdded = (event: MessageEvent) => {
      const parsed = PublicCommentSchema.safeParse(parse(event));
      if (!parsed.success) return;
      const comment = {
        ...parsed.data,
        canDelete: canDeleteComment(viewer.current, parsed.data.userId),
      };
      queryClient.setQueryData(commentsQueryKey, (data) => withCommentAdded(data, comment));
    };
    const onDeleted = (event: MessageEvent) => {
      const parsed = CommentDeletedEventSchema.safeParse(parse(event));
      if (!parsed.success) return;
      queryClient.setQueryData(commentsQueryKey, (data) =>
        withCommentRemoved(data, parsed.data.id),
      );
    };

    source.addEventListener("ready", onReady);
    source.addEventListener(CommentEvents.added, onAdded);
    source.addEventListener(CommentEvents.deleted, onDeleted);
    return () => source.close();
  }, [queryClient]);
}
