import type { BuildListItem } from "@hybridge/shared/builds/schemas";
import { BuildsTexts, PLATFORM_LABELS } from "@hybridge/shared/builds/texts";
import { Rocket } from "lucide-react";
import { DevelopmentBuildNote } from "@/components/phone-address/phone-address-notes";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

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
    <ConfirmDialog
      open={build !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      icon={Rocket}
      tone="brand"
      title={BuildsTexts.publishTitle}
      description={build ? BuildsTexts.publishConfirm(build.platform) : ""}
      confirmLabel={BuildsTexts.publish}
      pending={publishing}
      onConfirm={() => build && onConfirm(build)}
    >
      {build && (
        <p className="mt-3 text-slate-800 text-sm">
          <span className="font-medium">{build.projectName}</span> ·{" "}
          {PLATFORM_LABELS[build.platform]} · {BuildsTexts.version(build.version)}
        </p>
      )}
      {build?.platform === "android" && <DevelopmentBuildNote className="mt-3" />}
    </ConfirmDialog>
  );
}
