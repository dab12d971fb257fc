import { MessageSquare } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useStaticPage } from "@/lib/static-page";

// The top bar is on every page, landing pages included: the dialog (and Radix's Dialog with it)
// loads when the button is about to be used, not with the page.
const loadDialog = () => import("./feedback-dialog");
const FeedbackDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.FeedbackDialog })),
);

/**
 * The top bar's 'Feedback' button: opens the feedback modal. Below `sm` it shows its icon only;
 * `label` stays its accessible name. On a pre-rendered public page it is the button alone: the
 * page's plain script loads the dialog on first use (src/public/feedback.ts).
 */
export function FeedbackButton({ label }: { label: string }) {
  const isStatic = useStaticPage();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadDialog().catch(() => {});
  if (isStatic) {
    return (
      <Button
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={false}
        data-feedback-open=""
        className="h-9 px-2.5 text-slate-600"
      >
        <MessageSquare aria-hidden="true" className="size-4.5" />
        <span className="sr-only sm:not-sr-only">{label}</span>
      </Button>
    );
  }
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        aria-haspopup="dialog"
        aria-expanded={open}
        className="h-9 px-2.5 text-slate-600"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MessageSquare aria-hidden="true" className="size-4.5" />
        <span className="sr-only sm:not-sr-only">{label}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <FeedbackDialog open={open} onOpenChange={setOpen} returnFocus={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
