import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { useComments } from "../api/use-comments";
import { CommentItem } from "./comment-item";

/** The current time, moving on every `intervalMs`, so that relative times stay true. */
function useNow(intervalMs: number) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/**
 * The comments, newest first, with their loading, error and empty states, and "Load more" while
 * older ones remain.
 */
export function CommentList() {
  const comments = useComments();
  const now = useNow(15_000);

  if (comments.isPending)
    return <LoadingState label={FeedbackTexts.loadingComments} className="min-h-32" />;
  // A failed older page keeps the loaded ones on screen (below).
  if (comments.isError && !comments.isFetchNextPageError) {
    return (
      <LoadFailed
        message={FeedbackTexts.loadFailed}
        onRetry={() => void comments.refetch()}
        retrying={comments.isFetching}
        size="sm"
        className="py-4"
      />
    );
  }
  const list = comments.data.pages.flatMap((page) => page.comments);
  if (list.length === 0 && !comments.hasNextPage) {
    return (
      <div className="flex flex-col items-center gap-3 px-4 py-12 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <MessagesSquare aria-hidden="true" className="size-6" />
        </span>
        <p className="text-slate-600">{FeedbackTexts.emptyComments}</p>
      </div>
    );
  }
  // Comments arriving live are announced politely to screen readers.
  return (
    <div className="space-y-4">
      <ul
        aria-label={FeedbackTexts.commentsTitle}
        aria-live="polite"
        className="divide-y divide-slate-100"
      >
        {list.map((comment) => (
          <li key={comment.id}>
            <CommentItem comment={comment} now={now} />
          </li>
        ))}
      </ul>
      {comments.isFetchNextPageError && <Alert>{FeedbackTexts.loadMoreFailed}</Alert>}
      {comments.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="secondary"
            loading={comments.isFetchingNextPage}
            onClick={() => void comments.fetchNextPage()}
          >
            {FeedbackTexts.loadMore}
          </Button>
        </div>
      )}
    </div>
  );
}
