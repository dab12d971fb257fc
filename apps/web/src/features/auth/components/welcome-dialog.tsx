import { AuthTexts } from "@hybridge/shared/auth/texts";
import { PartyPopper } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

/** Shown once the account exists; leaving it in any way goes on to the console. */
export function WelcomeDialog({ open, onContinue }: { open: boolean; onContinue: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onContinue()}>
      <DialogContent className="text-center">
        <span className="mx-auto mb-4 flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <PartyPopper aria-hidden="true" className="size-7" />
        </span>
        <DialogTitle className="text-xl">{AuthTexts.welcomeTitle}</DialogTitle>
        <DialogDescription>{AuthTexts.welcomeBody}</DialogDescription>
        <Button size="lg" className="mt-6 w-full" onClick={onContinue}>
          {AuthTexts.welcomeConfirm}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
