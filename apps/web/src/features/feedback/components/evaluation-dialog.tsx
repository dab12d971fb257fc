import { AuthTexts } from "@hybridge/shared/auth/texts";
import { paths } from "@hybridge/shared/common/paths";
import { UiTexts } from "@hybridge/shared/common/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { LogIn, Star } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { LoadingState } from "@/components/ui/spinner";
import { useSession } from "@/features/auth/api/use-session";
import { useEvaluation } from "../api/use-evaluation";
import { EvaluationForm } from "./evaluation-form";

/** The 'Evaluate Hybridge' button and its modal: the user's one evaluation, to create or edit. */
export function EvaluationDialog() {
  const [open, setOpen] = useState(false);
  const signedIn = Boolean(useSession().data?.user);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" size="sm">
          <Star aria-hidden="true" className="size-4 text-amber-500" />
          {FeedbackTexts.evaluate}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-lg! overflow-y-auto">
        <DialogTitle>{FeedbackTexts.evaluationTitle}</DialogTitle>
        {signedIn ? (
          <>
            <DialogDescription>{FeedbackTexts.evaluationDescription}</DialogDescription>
            <SavedEvaluation onSaved={() => setOpen(false)} />
          </>
        ) : (
          <>
            <DialogDescription>{FeedbackTexts.evaluationLoginPrompt}</DialogDescription>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="secondary">{UiTexts.cancel}</Button>
              </DialogClose>
              <Button asChild>
                <Link to={paths.login}>
                  <LogIn aria-hidden="true" className="size-4" />
                  {AuthTexts.signIn}
                </Link>
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Loads the saved evaluation, then shows the form filled with it (or the defaults). */
function SavedEvaluation({ onSaved }: { onSaved: () => void }) {
  const evaluation = useEvaluation();
  // Once loaded, the form stays even if a later background refetch fails.
  if (evaluation.data) {
    return <EvaluationForm saved={evaluation.data.evaluation} onSaved={onSaved} />;
  }
  if (evaluation.isError) {
    return <Alert className="mt-4">{FeedbackTexts.evaluationLoadFailed}</Alert>;
  }
  return <LoadingState label={FeedbackTexts.loadingEvaluation} />;
}
