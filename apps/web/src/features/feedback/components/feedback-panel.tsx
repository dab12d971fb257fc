import { UiTexts } from "@hybridge/shared/common/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { LoadingState } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { cn } from "@/lib/cn";
import { useCommentsLive } from "../api/use-comments-live";
import { CommentForm } from "./comment-form";
import { CommentList } from "./comment-list";
import { EvaluationDialog } from "./evaluation-dialog";
import { LoginPrompt } from "./login-prompt";

/**
 * Everything of the feedback screen — the Evaluate button, the comment form (or the log-in
 * prompt) and the live comment list — shared by the /feedback page and the Feedback dialog.
 */
export function FeedbackPanel({
  headingLevel = 2,
  className,
}: {
  /** The level of the "Comments" heading: 2 on the page, 3 inside the dialog's title. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  useCommentsLive();
  const session = useSession();
  const Heading = headingLevel === 2 ? "h2" : "h3";

  return (
    <div className={cn("space-y-5", className)}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading className="font-semibold text-slate-900">{FeedbackTexts.commentsTitle}</Heading>
        <EvaluationDialog />
      </div>
      {session.isPending ? (
        <LoadingState label={UiTexts.loading} className="min-h-20" />
      ) : session.data?.user ? (
        <CommentForm />
      ) : (
        <LoginPrompt text={FeedbackTexts.loginPrompt} />
      )}
      <CommentList />
    </div>
  );
}
