import type { Comment } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { ShieldCheck } from "lucide-react";
import { TruncatedText } from "@/components/ui/long-text";
import { formatCommentTime } from "./comment-time";
import { DeleteCommentDialog } from "./delete-comment-dialog";

const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** One comment: who (display name, Admin badge), when, what, and Delete when allowed. */
export function CommentItem({ comment, now }: { comment: Comment; now: Date }) {
  const date = new Date(comment.timestamp);
  return (
    <article className="flex gap-3 py-4" aria-label={FeedbackTexts.commentBy(comment.authorName)}>
      <span
        aria-hidden="true"
        className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 font-semibold text-brand-800 text-sm uppercase ring-1 ring-brand-200"
      >
        {comment.authorName.charAt(0)}
      </span>
      <div className="min-w-0 flex-1">
        {/* Delete keeps its place at the end of the first line, even on a phone. */}
        <div className="flex items-start gap-2">
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-2 gap-y-1">
            <TruncatedText
              text={comment.authorName}
              className="max-w-full font-semibold text-slate-900 text-sm"
            />
            {comment.isAdmin && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 font-semibold text-white text-xs">
                <ShieldCheck aria-hidden="true" className="size-3" />
                {FeedbackTexts.adminBadge}
              </span>
            )}
            <time
              dateTime={comment.timestamp}
              title={absolute.format(date)}
              className="text-slate-500 text-xs"
            >
              {formatCommentTime(date, now)}
            </time>
          </div>
          {comment.canDelete && (
            <div className="shrink-0">
              <DeleteCommentDialog comment={comment} />
            </div>
          )}
        </div>
        <p className="mt-1 whitespace-pre-line wrap-anywhere text-slate-700 text-sm leading-relaxed">
          {comment.text}
        </p>
      </div>
    </article>
  );
}
