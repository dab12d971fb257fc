import { devLinkUrl } from "@hybridge/shared/dev-app/links";
import type { Update } from "@hybridge/shared/updates/schemas";
import { UpdatePreviewTexts, UpdatesConsoleTexts } from "@hybridge/shared/updates/texts";
import { QrCode as QrIcon } from "lucide-react";
import { useState } from "react";
import { QrCode } from "@/components/qr/qr-code";
import { Button } from "@/components/ui/button";
import { CopyableLink } from "@/components/ui/copyable-link";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from "@/components/ui/dialog";
import { serverAddress } from "@/lib/server-address";

const T = UpdatePreviewTexts;

/**
 * An update's "Preview" (issue 27, decision 057): a dialog with the QR code of its preview link
 * (`{PUBLIC_URL}/dev/{appKey}?update={id}`, built by devLinkUrl like every phone link) and the
 * link to copy. Hybridge Dev opens it: it downloads the update, verifies it and runs it apart
 * from the installs. Any update can be previewed, even a paused or rolled-back one.
 */
export function UpdatePreviewButton({ update, appKey }: { update: Update; appKey: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setOpen(true)}>
        <QrIcon aria-hidden="true" className="size-4" />
        {T.preview}
        <span className="sr-only"> {UpdatesConsoleTexts.updateLabel(update.message)}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>{open && <UpdatePreview update={update} appKey={appKey} />}</DialogContent>
      </Dialog>
    </>
  );
}

export function UpdatePreview({ update, appKey }: { update: Update; appKey: string }) {
  const link = devLinkUrl(serverAddress(), appKey, { update: update.id });
  const offered = update.rolledBackAt === null && !update.paused;
  return (
    <>
      <DialogTitle>{T.title}</DialogTitle>
      <p className="mt-1 font-medium text-slate-900 text-sm">
        {update.message || UpdatesConsoleTexts.noMessage}
      </p>
      <DialogDescription>{T.lead}</DialogDescription>
      {!offered && <p className="mt-2 text-amber-800 text-sm">{T.notLive}</p>}
      <div className="mx-auto mt-4 w-56 rounded-xl border border-slate-200 bg-white p-2">
        <QrCode value={link} label={T.qrLabel} />
      </div>
      <div className="mt-4 space-y-2 text-sm">
        <p className="font-medium text-slate-500">{T.linkLabel}</p>
        <CopyableLink link={link} label={T.linkLabel} data-preview-link="" />
      </div>
      <div className="mt-6 flex justify-end">
        <DialogClose asChild>
          <Button variant="secondary">{T.close}</Button>
        </DialogClose>
      </div>
    </>
  );
}
