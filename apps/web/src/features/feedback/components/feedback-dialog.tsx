import { UiTexts } from "@hybridge/shared/common/texts";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { X } from "lucide-react";
import { lazy, type RefObject, Suspense } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog";
import { LoadingState } from "@/components/ui/spinner";

// The panel (form, list, evaluation) loads only when the dialog first opens.
const FeedbackPanel = lazy(() =>
  import("./feedback-panel").then((module) => ({ default: module.FeedbackPanel })),
);

/**
 * The feedback modal (max 800 px wide, 80 vh tall, scrolling inside). Its opener is FeedbackButton,
 * which loads this module on first use: closing gives the focus back to `returnFocus`.
 */
export function FeedbackDialog({
  open,
  onOpenChange,
  returnFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocus: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* `!`: the dialog's own max width and padding would otherwise win. */}
      <DialogContent
        className="flex h-[80vh] max-w-[800px]! flex-col p-0!"
        onCloseAutoFocus={(event) => {
          // Without a Radix trigger, Radix would not know where the focus came from.
          event.preventDefault();
          returnFocus.current?.focus();
        }}
      >
        <div className="flex items-start justify-between gap-4 border-slate-100 border-b px-6 py-4">
          <div>
            <DialogTitle>{FeedbackTexts.title}</DialogTitle>
            <DialogDescription className="mt-1">{FeedbackTexts.description}</DialogDescription>
          </div>
          <DialogClose asChild>
            <Button variant="ghost" size="sm" className="size-8 p-0">
              <X aria-hidden="true" className="size-4.5" />
              <span className="sr-only">{UiTexts.close}</span>
            </Button>
          </DialogClose>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-6 py-5">
          <Suspense fallback={<LoadingState label={FeedbackTexts.loadingFeedback} />}>
            <FeedbackPanel headingLevel={3} />
          </Suspense>
        </div>
      </DialogContent>
    </Dialog>
  );
}
