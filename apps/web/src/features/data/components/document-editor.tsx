import { zodResolver } from "@hookform/resolvers/zod";
import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { UiTexts } from "@hybridge/shared/common/texts";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { wrapAnywhere } from "@/components/ui/long-text";
import { Textarea } from "@/components/ui/textarea";
import { ApiError, errorMessage, isApiError } from "@/lib/api-client";
import { fetchDocument, useAddDocument, useSaveDocument } from "../api/use-database";
import { fieldsText } from "./document-fields";

const T = DatabaseSectionTexts;

/** What the editor is open for: a new document, or one of the list's. */
export type EditorTarget = { mode: "add" } | { mode: "edit"; document: DataDocument };

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The editor's text, read as the JSON object it must be before anything is sent. */
export const DocumentTextSchema = z.object({
  text: z.string().transform((text, context) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      context.addIssue({ code: "custom", message: T.invalidJson(reason) });
      return z.NEVER;
    }
    if (!isPlainObject(value)) {
      context.addIssue({ code: "custom", message: T.notAnObject });
      return z.NEVER;
    }
    return value;
  }),
});
type DocumentTextValues = z.input<typeof DocumentTextSchema>;
type DocumentTextOutput = z.output<typeof DocumentTextSchema>;

/**
 * Where an edit stands against the stored document: `stale` — the server refused it (409)
 * because someone else wrote the document; `reloaded` — their version was read back, the
 * user's text kept; `gone` — the document was deleted meanwhile.
 */
type Conflict = { state: "none" | "stale" | "gone" } | { state: "reloaded"; theirs: DataDocument };

/**
 * A document's fields as JSON in a dialog: a new one (POST), or one of the list's, replaced at
 * the version shown (PUT ?ifVersion). The text is checked as a JSON object first; the server's
 * refusal (a reserved field, too large) shows under it. A conflict offers to reload their
 * version without touching the user's text.
 */
export function DocumentEditor({
  projectId,
  collection,
  target,
  onClose,
}: {
  projectId: string;
  collection: string;
  target: EditorTarget | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {target && (
        <DialogContent
          className="max-h-[calc(100dvh-2rem)] max-w-2xl! overflow-y-auto"
          // The text is what the dialog is for: the keyboard starts there.
          onOpenAutoFocus={(event) => {
            const text = (event.currentTarget as HTMLElement).querySelector("textarea");
            if (text) {
              event.preventDefault();
              text.focus();
            }
          }}
        >
          <EditorForm
            // A new target is a new form (its text, its conflict state).
            key={target.mode === "add" ? "add" : target.document.id}
            projectId={projectId}
            collection={collection}
            target={target}
            onClose={onClose}
          />
        </DialogContent>
      )}
    </Dialog>
  );
}

function EditorForm({
  projectId,
  collection,
  target,
  onClose,
}: {
  projectId: string;
  collection: string;
  target: EditorTarget;
  onClose: () => void;
}) {
  const add = useAddDocument(projectId, collection);
  const save = useSaveDocument(projectId, collection);
  // The stored document the edit applies to: its version is Save's ifVersion.
  const [base, setBase] = useState(target.mode === "edit" ? target.document : null);
  const [conflict, setConflict] = useState<Conflict>({ state: "none" });
  const [reloading, setReloading] = useState(false);
  const reloadRef = useRef<HTMLButtonElement>(null);
  const form = useForm<DocumentTextValues, unknown, DocumentTextOutput>({
    resolver: zodResolver(DocumentTextSchema),
    defaultValues: { text: base ? fieldsText(base) : "{\n  \n}" },
  });
  const { errors, isSubmitting } = form.formState;
  const textField = form.register("text");

  // A refused save moves focus to what can be done about it.
  useEffect(() => {
    if (conflict.state === "stale") reloadRef.current?.focus();
  }, [conflict.state]);

  const onSubmit = form.handleSubmit(async ({ text: fields }) => {
    try {
      if (base === null) {
        await add.mutateAsync(fields);
        toast.success(T.added);
      } else {
        await save.mutateAsync({ id: base.id, ifVersion: base.version, fields });
        toast.success(T.saved);
      }
      onClose();
    } catch (error) {
      if (base !== null && isApiError(error, ErrorCodes.CONFLICT)) {
        setConflict({ state: "stale" });
        return;
      }
      if (base !== null && isApiError(error, ErrorCodes.NOT_FOUND)) {
        setConflict({ state: "gone" });
        return;
      }
      // The server's refusal of this text (a reserved field, too large, the document limit)
      // belongs under it; a failure of another kind (network, server) is a toast.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        form.setError("text", { message: error.message }, { shouldFocus: true });
        return;
      }
      toast.error(errorMessage(error, base === null ? T.addFailed : T.saveFailed));
    }
  });

  const reload = async () => {
    if (base === null) return;
    setReloading(true);
    try {
      const theirs = await fetchDocument(projectId, collection, base.id);
      setBase(theirs);
      setConflict({ state: "reloaded", theirs });
    } catch (error) {
      if (isApiError(error, ErrorCodes.NOT_FOUND)) setConflict({ state: "gone" });
      else toast.error(errorMessage(error, T.reloadFailed));
    } finally {
      setReloading(false);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div>
        <DialogTitle className={wrapAnywhere}>
          {base === null ? T.addTitle(collection) : T.editTitle}
        </DialogTitle>
        <DialogDescription>{base === null ? T.addLead : T.editLead}</DialogDescription>
      </div>
      {base && <DocumentFacts document={base} />}
      {conflict.state === "stale" && (
        <Alert title={T.conflictTitle}>
          <p>{T.conflict}</p>
          <Button
            ref={reloadRef}
            type="button"
            variant="secondary"
            size="sm"
            className="mt-2"
            loading={reloading}
            onClick={() => void reload()}
          >
            {T.reload}
          </Button>
        </Alert>
      )}
      {conflict.state === "reloaded" && (
        <Alert tone="info">
          <p>{T.reloaded(conflict.theirs.version)}</p>
          <details className="mt-2">
            <summary className="cursor-pointer font-medium">
              {T.theirs(conflict.theirs.version)}
            </summary>
            <pre className="mt-2 max-h-48 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-2 font-mono text-slate-800 text-xs">
              {fieldsText(conflict.theirs)}
            </pre>
            <Button
              type="button"
              variant="secondary"
              size="sm"
              className="mt-2"
              onClick={() => {
                form.setValue("text", fieldsText(conflict.theirs));
                form.clearErrors("text");
                form.setFocus("text");
              }}
            >
              {T.useTheirs}
            </Button>
          </details>
        </Alert>
      )}
      {conflict.state === "gone" && <Alert>{T.gone}</Alert>}
      <FormField label={T.jsonLabel} hint={T.jsonHint} error={errors.text?.message}>
        <Textarea {...textField} spellCheck={false} rows={12} className="font-mono text-xs" />
      </FormField>
      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onClose} disabled={isSubmitting}>
          {UiTexts.cancel}
        </Button>
        <Button type="submit" loading={isSubmitting} disabled={conflict.state === "gone"}>
          {base === null ? T.addConfirm : T.save}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The server's fields of a document: id, dates, version and its file, each whole. */
function DocumentFacts({ document }: { document: DataDocument }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <Fact label={T.idLabel}>
        <span className="font-mono">{document.id}</span>
      </Fact>
      <Fact label={T.createdLabel}>
        <time dateTime={document.createdAt}>{formatBuildDateTime(document.createdAt)}</time>
      </Fact>
      <Fact label={T.updatedLabel}>
        <time dateTime={document.updatedAt}>{formatBuildDateTime(document.updatedAt)}</time>
      </Fact>
      <Fact label={T.versionLabel}>{document.version}</Fact>
      {document.fileUrl && (
        <Fact label={T.fileLabel}>
          <a href={document.fileUrl} className="text-brand-700 underline">
            {document.fileUrl}
          </a>
        </Fact>
      )}
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className={`${wrapAnywhere} text-slate-900`}>{children}</dd>
    </>
  );
}
