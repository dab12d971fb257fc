import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { MessageSquare, X } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "../../../components/ui/dialog";
import { LoadingState } from "../../../components/ui/spinner";

// The top bar is on every page, landing pages included: the panel (form, list, evaluation)
// loads only when the dialog first opens.
const FeedbackPanel = lazy(() =>
  import("./feedback-panel").then((module) => ({ default: module.FeedbackPanel })),
);

/** The feedback modal (max 800 px wide, 80 vh tall, scrolling inside) and its 'Feedback' button. */
export function FeedbackDialog() {
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="h-9 px-2.5 text-slate-600">
          <MessageSquare aria-hidden="true" className="size-4.5" />
          <span className="sr-only sm:not-sr-only">{FeedbackTexts.title}</span>
        </Button>
      </DialogTrigger>
      {/* `!`: the dialog's own max width and padding would otherwise win. */}
      <DialogContent className="flex h-[80vh] max-w-[800px]! flex-col p-0!">
        <div className="flex items-start justify-between gap-4 border-slate-100 border-b px-6 py-4">
          <div>
            <DialogTitle>{FeedbackTexts.title}</DialogTitle>
            <DialogDescription className="mt-1">{FeedbackTexts.description}</DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="sm" className="size-8 p-0">
              <X aria-hidden="true" className="size-4.5" />
              <span className="sr-only">Close</span>
            </Button>
          </DialogClose>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
          <Suspense fallback={<LoadingState label="Loading feedback" />}>
            <FeedbackPanel headingLevel={3} />
          </Suspense>
        </div>
      </DialogContent>
    </Dialog>
  );
}
