import type { BuildListItem } from "@hybridge/shared/builds/schemas";
import { BuildsTexts, PLATFORM_LABELS } from "@hybridge/shared/builds/texts";
import { Rocket } from "lucide-react";
import { Button } from "../../../components/ui/button";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  DialogFooter,
} from "../../../components/ui/dialog";

/** The spec's confirmation before a pending build is published. */
export function PublishBuildDialog({
  build,
  publishing,
  onConfirm,
  onClose,
}: {
  /** The build to publish; the dialog is open while there is one. */
  build: BuildListItem | null;
  publishing: boolean;
  onConfirm: (build: BuildListItem) => void;
  onClose: () => void;
}) {
  return (
    <AlertDialog
      open={build !== null}
      onOpenChange={(open) => {
        // Stay open while the publication runs.
        if (!open && !publishing) onClose();
      }}
    >
      <AlertDialogContent>
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Rocket aria-hidden="true" className="size-5" />
          </span>
          <div>
            <AlertDialogTitle>{BuildsTexts.publishTitle}</AlertDialogTitle>
            <AlertDialogDescription>{BuildsTexts.publishConfirm}</AlertDialogDescription>
            {build && (
              <p className="mt-3 text-slate-800 text-sm">
                <span className="font-medium">{build.projectName}</span> ·{" "}
                {PLATFORM_LABELS[build.platform]} · {BuildsTexts.version(build.version)}
              </p>
            )}
          </div>
        </div>
        <DialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="secondary" disabled={publishing}>
              {BuildsTexts.cancel}
            </Button>
          </AlertDialogCancel>
          <Button loading={publishing} onClick={() => build && onConfirm(build)}>
            {BuildsTexts.publish}
          </Button>
        </DialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
