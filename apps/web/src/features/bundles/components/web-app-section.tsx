import { zodResolver } from "@hookform/resolvers/zod";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import type { Bundle } from "@hybridge/shared/bundles/schemas";
import { BundlesTexts } from "@hybridge/shared/bundles/texts";
import { UiTexts } from "@hybridge/shared/common/texts";
import {
  type DeployUpdateFields,
  DeployUpdateFieldsSchema,
} from "@hybridge/shared/updates/schemas";
import { UpdatesConsoleTexts } from "@hybridge/shared/updates/texts";
import { FileArchive, Trash2, UploadCloud } from "lucide-react";
import { type DragEvent, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { UploadProgress } from "@/components/ui/upload-progress";
import { errorMessage } from "@/lib/api-client";
import { useBundles, useDeleteBundle, useUploadBundle } from "../api/use-bundles";
import { DeployTokens } from "./deploy-tokens";
import { NextBundlePhoneWarnings } from "./next-bundle-phone-warnings";
import {
  SEND_AS_UPDATE_DEFAULTS,
  SendAsUpdate,
  type SendAsUpdateForm,
  type SendAsUpdateValues,
} from "./send-as-update";

const T = BundlesTexts;

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The project page's "Web app" section: drop or pick the zip of a built web app (its progress
 * shown) — opted in, also sent to installed apps as an update — and the uploaded ones, newest
 * first, the next build's marked.
 */
export function WebAppSection({ projectId }: { projectId: string }) {
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const bundles = useBundles(projectId);
  const upload = useUploadBundle(projectId);
  const remove = useDeleteBundle(projectId);
  const [dragging, setDragging] = useState(false);
  const [doomed, setDoomed] = useState<Bundle | null>(null);
  const [asUpdate, setAsUpdate] = useState(false);
  const updateForm: SendAsUpdateForm = useForm<SendAsUpdateValues, unknown, DeployUpdateFields>({
    resolver: zodResolver(DeployUpdateFieldsSchema),
    defaultValues: SEND_AS_UPDATE_DEFAULTS,
  });

  const send = (file: File | undefined) => {
    if (!file || upload.isPending) return;
    const go = (update?: DeployUpdateFields) =>
      upload.mutate(
        { file, ...(update ? { update } : {}) },
        {
          onSuccess: (answer) =>
            toast.success(
              answer.update
                ? UpdatesConsoleTexts.uploadedAsUpdate(
                    answer.update.rolloutPercent,
                    answer.update.channel,
                  )
                : T.uploaded,
            ),
          onError: (error) => toast.error(errorMessage(error, T.uploadFailed)),
        },
      );
    if (!asUpdate) return go();
    void updateForm.handleSubmit(
      (values) => go(values),
      (errors) => {
        const first = Object.values(errors)[0]?.message;
        if (first) toast.error(first);
      },
    )();
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    send(event.dataTransfer.files[0]);
  };

  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="font-semibold text-lg text-slate-900">
        {T.title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{T.lead}</p>

      <SendAsUpdate
        projectId={projectId}
        enabled={asUpdate}
        onEnabledChange={setAsUpdate}
        form={updateForm}
      />

      {/* The drop zone: the button inside is its keyboard way. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a mouse gesture; the button is the keyboard's way */}
      <div
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`mt-4 flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-6 text-center ${
          dragging ? "border-brand-500 bg-brand-50" : "border-slate-200"
        }`}
      >
        <UploadCloud aria-hidden="true" className="size-7 text-slate-400" />
        <p className="text-slate-600 text-sm">{T.drop}</p>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          className="sr-only"
          // Not a Tab stop of its own: the visible button below opens it (issue 28).
          tabIndex={-1}
          aria-label={T.choose}
          onChange={(event) => {
            send(event.target.files?.[0]);
            event.target.value = "";
          }}
        />
        <Button
          variant="secondary"
          size="sm"
          loading={upload.isPending}
          onClick={() => input.current?.click()}
        >
          {T.choose}
        </Button>
        {upload.isPending && (
          <div className="w-full max-w-sm">
            <UploadProgress
              progress={upload.progress}
              label={T.uploading}
              doneLabel={T.uploading}
            />
          </div>
        )}
      </div>

      <NextBundlePhoneWarnings projectId={projectId} appOnly className="mt-4" />
      <div className="mt-4">
        {bundles.isPending ? (
          <LoadingState label={T.title} />
        ) : bundles.isError ? (
          <LoadFailed
            size="sm"
            message={T.loadFailed}
            onRetry={() => void bundles.refetch()}
            retrying={bundles.isFetching}
          />
        ) : bundles.data.bundles.length === 0 ? (
          <p className="text-slate-500 text-sm">{T.empty}</p>
        ) : (
          <ul aria-label={T.title} className="divide-y divide-slate-100">
            {bundles.data.bundles.map((bundle) => (
              <li key={bundle.id} className="flex items-center justify-between gap-3 py-3">
                <div className="flex min-w-0 items-center gap-3">
                  <FileArchive aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
                  <div className="min-w-0">
                    <p className="flex items-center gap-2 font-medium text-slate-900">
                      <TruncatedText text={bundle.fileName} />
                      {bundle.isNext && (
                        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-brand-800 text-xs ring-1 ring-brand-200 ring-inset">
                          {T.next}
                        </span>
                      )}
                    </p>
                    <p className="text-slate-500 text-sm">
                      {formatSize(bundle.unpackedSize)} · {T.files(bundle.fileCount)} ·{" "}
                      <time dateTime={bundle.createdAt}>
                        {formatBuildDateTime(bundle.createdAt)}
                      </time>
                    </p>
                  </div>
                </div>
                <Button size="sm" variant="ghost" onClick={() => setDoomed(bundle)}>
                  <Trash2 aria-hidden="true" className="size-4" />
                  <span className="sr-only">
                    {T.delete} {bundle.fileName}
                  </span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <DeployTokens projectId={projectId} />
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(open) => {
          if (!open) setDoomed(null);
        }}
        icon={Trash2}
        title={T.deleteTitle}
        description={T.deleteConfirm}
        cancelLabel={UiTexts.cancel}
        confirmLabel={T.delete}
        pending={remove.isPending}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSuccess: () => {
              setDoomed(null);
              toast.success(T.deleted);
            },
            onError: (error) => toast.error(errorMessage(error, T.deleteFailed)),
          })
        }
      />
    </Card>
  );
}
