import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { LoadFailed } from "../../../components/ui/load-failed";
import { LoadingState } from "../../../components/ui/spinner";
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

/** The comments, newest first, with their loading, error and empty states. */
export function CommentList() {
  const comments = useComments();
  const now = useNow(15_000);

  if (comments.isPending) return <LoadingState label="Loading comments" className="min-h-32" />;
  if (comments.isError) {
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
  if (comments.data.comments.length === 0) {
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
    <ul aria-label="Comments" aria-live="polite" className="divide-y divide-slate-100">
      {comments.data.comments.map((comment) => (
        <li key={comment.id}>
          <CommentItem comment={comment} now={now} />
        </li>
      ))}
    </ul>
  );
}
