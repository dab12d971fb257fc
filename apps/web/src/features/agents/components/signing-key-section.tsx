import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { Download, KeyRound } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { agentsEndpoints } from "../api/endpoints";
import { useKeystorePassword, useSigningKey } from "../api/use-signing-key";
import { UploadKeyPart } from "./upload-key-part";

/**
 * The Android upload key: its fingerprint, the keystore to download with its password; and,
 * until a version is published, replacing or resetting it (UploadKeyPart), after which
 * `onKeyChange` runs (the app layer has the builds' cards read theirs again).
 */
export function SigningKeySection({
  projectId,
  onKeyChange,
}: {
  projectId: string;
  onKeyChange: () => void;
}) {
  const titleId = useId();
  const key = useSigningKey(projectId, true);
  const info = key.data?.signingKey;
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold text-lg text-slate-900">
        <KeyRound aria-hidden="true" className="size-5 text-slate-500" />
        {BuildsTexts.signingKeyTitle}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{BuildsTexts.signingKeyHint}</p>
      <div className="mt-4">
        {key.isPending ? (
          <LoadingState label={BuildsTexts.signingKeyTitle} />
        ) : key.isError ? (
          <LoadFailed
            size="sm"
            message={BuildsTexts.signingKeyTitle}
            onRetry={() => void key.refetch()}
          />
        ) : !info ? (
          <p className="text-slate-500 text-sm">{BuildsTexts.signingKeyNone}</p>
        ) : (
          <div className="space-y-3 text-sm">
            {info.certSha256 && (
              <p className="break-all text-slate-600">
                {BuildsTexts.certificateFingerprint}{" "}
                <code className="text-slate-800">{info.certSha256}</code>
              </p>
            )}
            <p className="text-slate-500">{BuildsTexts.signingKeyPasswordWhere}</p>
            <DownloadKeystore projectId={projectId} />
          </div>
        )}
        {key.data && (
          <UploadKeyPart projectId={projectId} info={key.data} onKeyChange={onKeyChange} />
        )}
      </div>
    </Card>
  );
}

/**
 * "Download keystore": a dialog with the keystore's password (and Copy) beside the file's link,
 * so that the two are kept together; the password is read each time the dialog opens.
 */
function DownloadKeystore({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="secondary">
          <Download aria-hidden="true" className="size-4" />
          {BuildsTexts.downloadKeystore}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-lg">
        <DialogTitle>{BuildsTexts.keystoreDialogTitle}</DialogTitle>
        <DialogDescription>{BuildsTexts.keystoreDialogLead}</DialogDescription>
        {open && <KeystorePassword projectId={projectId} />}
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <DialogClose asChild>
            <Button variant="secondary">{BuildsTexts.close}</Button>
          </DialogClose>
          <a
            href={agentsEndpoints.keystore(projectId)}
            download
            className={buttonClasses("primary")}
          >
            <Download aria-hidden="true" className="size-4" />
            {BuildsTexts.keystoreFileLink}
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function KeystorePassword({ projectId }: { projectId: string }) {
  const password = useKeystorePassword(projectId, true);
  const shown = useRef<HTMLElement>(null);
  if (password.isPending) {
    return <LoadingState label={BuildsTexts.keystorePasswordLoading} className="mt-4" />;
  }
  if (password.isError) {
    return (
      <LoadFailed
        size="sm"
        className="mt-4"
        message={BuildsTexts.keystorePasswordFailed}
        onRetry={() => void password.refetch()}
      />
    );
  }
  return (
    <dl className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200 ring-inset">
      <dt className="font-medium">{BuildsTexts.keystorePasswordLabel}</dt>
      <dd className="mt-1 flex flex-wrap items-center gap-3">
        <code
          ref={shown}
          data-testid="keystore-password"
          className="select-all break-all font-semibold"
        >
          {password.data.password}
        </code>
        <CopyButton
          text={password.data.password}
          label={BuildsTexts.keystorePasswordCopyLabel}
          shown={shown}
        />
      </dd>
    </dl>
  );
}
