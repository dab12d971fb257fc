import {
  CommentDeletedEventSchema,
  CommentEvents,
  canDeleteComment,
  PublicCommentSchema,
} from "@hybridge/shared/feedback/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useSession } from "@/features/auth/api/use-session";
import { withCommentAdded, withCommentRemoved } from "./comments-cache";
import { feedbackEndpoints } from "./endpoints";
import { commentsQueryKey } from "./use-comments";

/** How long to wait before opening again a stream that failed for good. */
const REOPEN_DELAY_MS = 3_000;

function parse(event: MessageEvent): unknown {
  try {
    return JSON.parse(String(event.data));
  } catch {
    return undefined;
  }
}

/**
 * Keeps the cached comments current while mounted: comments added or deleted anywhere arrive
 * over server-sent events and are written into the query cache. EventSource reconnects by itself
 * after the stream ends (a server shutting down ends it with a short `retry:`); every `ready`
 * (the first one and each after a reconnect) refetches the list, so that nothing published while
 * the stream was down is missed.
 */
export function useCommentsLive() {
  const queryClient = useQueryClient();
  // Read when an event arrives, so that the session loading does not reopen the stream.
  const viewer = useRef<{ id: string; isAdmin: boolean } | null>(null);
  viewer.current = useSession().data?.user ?? null;

  useEffect(() => {
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;

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

    const open = () => {
      const current = new EventSource(feedbackEndpoints.commentEvents);
      source = current;
      current.addEventListener("ready", onReady);
      current.addEventListener(CommentEvents.added, onAdded);
      current.addEventListener(CommentEvents.deleted, onDeleted);
      current.addEventListener("error", () => {
        // A reconnection answered with anything but a stream (a balancer's 502 or 503 while
        // servers restart) ends EventSource's own retries: open a new one a little later.
        if (current.readyState !== EventSource.CLOSED) return;
        reopen = setTimeout(open, REOPEN_DELAY_MS);
      });
    };
    open();

    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [queryClient]);
}
