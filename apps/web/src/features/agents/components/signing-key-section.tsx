import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { KeyRound } from "lucide-react";
import { useId, useRef } from "react";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { LoadFailed } from "@/components/ui/load-failed";
import { LoadingState } from "@/components/ui/spinner";
import { agentsEndpoints } from "../api/endpoints";
import { useSigningKey } from "../api/use-signing-key";
import { UploadKeyPart } from "./upload-key-part";

/**
 * The Android upload key: its fingerprint, the keystore to download, the password once; and,
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
  const password = useRef<HTMLElement>(null);
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
            {info.password ? (
              <p className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200 ring-inset">
                {BuildsTexts.signingKeyPasswordOnce}{" "}
                <code ref={password} className="select-all font-semibold">
                  {info.password}
                </code>
              </p>
            ) : (
              <p className="text-slate-500">{BuildsTexts.signingKeyPasswordShown}</p>
            )}
            <a
              href={agentsEndpoints.keystore(projectId)}
              download
              className={buttonClasses("secondary", "sm")}
            >
              {BuildsTexts.downloadKeystore}
            </a>
          </div>
        )}
        {key.data && (
          <UploadKeyPart projectId={projectId} info={key.data} onKeyChange={onKeyChange} />
        )}
      </div>
    </Card>
  );
}
