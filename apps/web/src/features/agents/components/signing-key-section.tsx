import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { Download, KeyRound } from "lucide-react";
import { useRef, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { QueryStates, SectionCard } from "@/components/ui/section-card";
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
  const key = useSigningKey(projectId, true);
  return (
    <SectionCard
      icon={KeyRound}
      title={BuildsTexts.signingKeyTitle}
      lead={BuildsTexts.signingKeyHint}
    >
      <div className="mt-4">
        <QueryStates
          query={key}
          label={BuildsTexts.signingKeyTitle}
          failed={BuildsTexts.signingKeyTitle}
          empty={{ when: (data) => !data.signingKey, text: BuildsTexts.signingKeyNone }}
        >
          {({ signingKey: info }) =>
            info && (
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
            )
          }
        </QueryStates>
        {key.data && (
          <UploadKeyPart projectId={projectId} info={key.data} onKeyChange={onKeyChange} />
        )}
      </div>
    </SectionCard>
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
  return (
    <QueryStates
      query={password}
      label={BuildsTexts.keystorePasswordLoading}
      failed={BuildsTexts.keystorePasswordFailed}
      className="mt-4"
    >
      {(data) => (
        <dl className="mt-4 rounded-lg bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200 ring-inset">
          <dt className="font-medium">{BuildsTexts.keystorePasswordLabel}</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-3">
            <code
              ref={shown}
              data-testid="keystore-password"
              className="select-all break-all font-semibold"
            >
              {data.password}
            </code>
            <CopyButton
              text={data.password}
              label={BuildsTexts.keystorePasswordCopyLabel}
              shown={shown}
            />
          </dd>
        </dl>
      )}
    </QueryStates>
  );
}
