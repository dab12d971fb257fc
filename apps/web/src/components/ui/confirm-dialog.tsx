import { UiTexts } from "@hybridge/shared/common/texts";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Alert } from "./alert";
import { Button } from "./button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
  DialogFooter,
} from "./dialog";

const tones = {
  danger: "bg-red-50 text-red-600",
  warning: "bg-amber-50 text-amber-600",
  brand: "bg-brand-50 text-brand-700",
} as const;

/**
 * Asks to confirm an action: title, description, optional details and error, Cancel and the
 * confirming button. While the action runs (`pending`) the dialog stays open and Cancel is
 * disabled; only its buttons or Escape close it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  trigger,
  icon: Icon,
  tone = "danger",
  title,
  description,
  children,
  error,
  cancelLabel = UiTexts.cancel,
  confirmLabel,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when it has one. */
  trigger?: ReactNode;
  icon?: LucideIcon;
  /** The icon's colours; the confirming button is primary for "brand", else danger. */
  tone?: keyof typeof tones;
  title: ReactNode;
  description: ReactNode;
  /** Details under the description (what is about to change). */
  children?: ReactNode;
  /** Why the last attempt failed, shown in the dialog. */
  error?: ReactNode;
  cancelLabel?: string;
  confirmLabel: ReactNode;
  pending: boolean;
  onConfirm: () => void;
}) {
  const heading = (
    <>
      <AlertDialogTitle>{title}</AlertDialogTitle>
      <AlertDialogDescription>{description}</AlertDialogDescription>
    </>
  );
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        // Stay open while the action runs.
        if (!pending) onOpenChange(next);
      }}
    >
      {trigger && <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        {Icon ? (
          <div className="flex gap-4">
            <span
              className={cn(
                "flex size-10 shrink-0 items-center justify-center rounded-full",
                tones[tone],
              )}
            >
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0">
              {heading}
              {children}
            </div>
          </div>
        ) : (
          <>
            {heading}
            {children}
          </>
        )}
        {error && <Alert className="mt-4">{error}</Alert>}
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={pending}>
              {cancelLabel}
            </Button>
          </AlertDialogCancel>
          <Button
            variant={tone === "brand" ? "primary" : "danger"}
            loading={pending}
            onClick={onConfirm}
          >
            {confirmLabel}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
