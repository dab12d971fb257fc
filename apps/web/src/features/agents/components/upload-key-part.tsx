import { zodResolver } from "@hookform/resolvers/zod";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import {
  type ReplaceUploadKeyFields,
  ReplaceUploadKeyFieldsSchema,
} from "@hybridge/shared/agents/upload-key";
import type { SigningKeyInfoResponse } from "@hybridge/shared/builds/schemas";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { Lock, RotateCcw, Upload } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { UploadProgress } from "@/components/ui/upload-progress";
import { settleAction } from "@/lib/settle-action";
import { useReplaceUploadKey, useResetUploadKey } from "../api/use-signing-key";

const T = BuildsTexts;

/**
 * The signing key section's "Upload key" part (decision 033): until an Android version is
 * published, the owner replaces the key with a keystore of their own (file, password, alias)
 * or resets it (the next build makes one); afterwards it says why neither can be done.
 */
export function UploadKeyPart({
  projectId,
  info,
  onKeyChange,
}: {
  projectId: string;
  info: SigningKeyInfoResponse;
  onKeyChange: () => void;
}) {
  const titleId = useId();
  const [replacing, setReplacing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const reset = useResetUploadKey(projectId, onKeyChange);

  return (
    <section aria-labelledby={titleId} className="mt-5 border-slate-100 border-t pt-4">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {T.uploadKeyTitle}
      </h3>
      {!info.changeable ? (
        <p className="mt-1 flex items-start gap-2 text-slate-600 text-sm">
          <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
          {T.uploadKeyLocked}
        </p>
      ) : (
        <>
          <p className="mt-1 text-slate-600 text-sm">{T.uploadKeyChangeable}</p>
          {!replacing && (
            <div className="mt-3 flex flex-wrap gap-2">
              <Button size="sm" variant="secondary" onClick={() => setReplacing(true)}>
                <Upload aria-hidden="true" className="size-4" />
                {T.replaceKey}
              </Button>
              {info.signingKey && (
                <Button size="sm" variant="ghost" onClick={() => setResetting(true)}>
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {T.resetKey}
                </Button>
              )}
            </div>
          )}
          {replacing && (
            <ReplaceKeyForm
              projectId={projectId}
              onKeyChange={onKeyChange}
              onDone={() => setReplacing(false)}
            />
          )}
        </>
      )}
      <ConfirmDialog
        open={resetting}
        onOpenChange={setResetting}
        icon={RotateCcw}
        tone="warning"
        title={T.resetKeyTitle}
        description={T.resetKeyConfirm}
        confirmLabel={T.resetKey}
        pending={reset.isPending}
        onConfirm={() =>
          void settleAction(
            reset.mutateAsync(),
            { done: T.keyReset, failed: T.keyResetFailed },
            () => setResetting(false),
          )
        }
      />
    </section>
  );
}

/** The keystore, its password and the key's alias; the upload's progress while it travels. */
function ReplaceKeyForm({
  projectId,
  onKeyChange,
  onDone,
}: {
  projectId: string;
  onKeyChange: () => void;
  onDone: () => void;
}) {
  const titleId = useId();
  const replace = useReplaceUploadKey(projectId, onKeyChange);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const form = useForm<ReplaceUploadKeyFields>({
    resolver: zodResolver(ReplaceUploadKeyFieldsSchema),
    defaultValues: { password: "", alias: "upload" },
  });
  const onSubmit = form.handleSubmit(async (fields) => {
    if (!file) {
      setFileError(AgentsTexts.keystoreFileRequired);
      return;
    }
    await settleAction(
      replace.mutateAsync({ file, fields }),
      { done: T.keyReplaced, failed: T.keyReplaceFailed },
      onDone,
    );
  });

  return (
    <form
      aria-labelledby={titleId}
      onSubmit={onSubmit}
      noValidate
      className="mt-3 space-y-3 rounded-lg bg-slate-50 p-4 ring-1 ring-slate-200 ring-inset"
    >
      <h4 id={titleId} className="font-medium text-slate-900 text-sm">
        {T.replaceKeyTitle}
      </h4>
      <p className="text-slate-600 text-sm">{T.replaceKeyLead}</p>
      <FormField label={T.keystoreFile} error={fileError}>
        <Input
          type="file"
          accept=".p12,.pfx,.jks,.keystore,application/x-pkcs12"
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setFileError(undefined);
          }}
        />
      </FormField>
      <FormField label={T.keystorePassword} error={form.formState.errors.password?.message}>
        <PasswordInput autoComplete="off" maxLength={128} {...form.register("password")} />
      </FormField>
      <FormField label={T.keyAlias} error={form.formState.errors.alias?.message}>
        <Input autoComplete="off" maxLength={64} {...form.register("alias")} />
      </FormField>
      {replace.isPending && (
        <UploadProgress
          progress={replace.progress}
          label={T.uploadingKeystore}
          doneLabel={T.checkingKeystore}
        />
      )}
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={replace.isPending}>
          {T.replaceKeySubmit}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={onDone}
          disabled={replace.isPending}
        >
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
