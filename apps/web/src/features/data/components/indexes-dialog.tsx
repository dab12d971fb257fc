import { zodResolver } from "@hookform/resolvers/zod";
import { UiTexts } from "@hybridge/shared/common/texts";
import {
  type CollectionIndex,
  type CollectionIndexInput,
  CollectionIndexInputSchema,
  INDEX_LIMITS,
  INDEX_MODES,
  type IndexField,
  indexFieldName,
} from "@hybridge/shared/data/indexes";
import { DatabaseSectionTexts, IndexPanelTexts, IndexTexts } from "@hybridge/shared/data/texts";
import { CircleAlert, CircleCheck, LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useRef, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadFailed } from "@/components/ui/load-failed";
import { Select } from "@/components/ui/select";
import { LoadingState } from "@/components/ui/spinner";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useCollectionIndexes, useDeclareIndex, useDeleteIndex } from "../api/use-database";
import { RemoveRowButton } from "./remove-row-button";

const T = IndexPanelTexts;

/** An index's fields as one line: "status ==, price asc". */
export const indexFieldsText = (fields: IndexField[]) =>
  fields.map((one) => IndexTexts.hintField(indexFieldName(one.field), one.mode)).join(", ");

/**
 * A collection's declared indexes (decision 041): the list with each one's state (read again
 * while one builds), Delete with a confirmation, and the form that declares another, prefilled
 * with `prefill` (the index a refused query named) when given.
 */
export function IndexesDialog({
  projectId,
  collection,
  open,
  onOpenChange,
  prefill,
}: {
  projectId: string;
  collection: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  prefill: IndexField[] | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl! overflow-y-auto">
        <DialogTitle className="break-words">{T.title(collection)}</DialogTitle>
        <DialogDescription>{T.lead}</DialogDescription>
        {open && (
          <div className="mt-4 space-y-4">
            <IndexList projectId={projectId} collection={collection} />
            <IndexForm
              // A new suggestion starts a new form.
              key={prefill ? indexFieldsText(prefill) : ""}
              projectId={projectId}
              collection={collection}
              prefill={prefill}
            />
          </div>
        )}
        <DialogFooter>
          <Button type="button" variant="secondary" onClick={() => onOpenChange(false)}>
            {T.close}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function IndexStatus({ index }: { index: CollectionIndex }) {
  if (index.status === "building") {
    return (
      <span className="flex items-center gap-1 text-amber-700 text-sm">
        <LoaderCircle aria-hidden="true" className="size-4 motion-safe:animate-spin" />
        {T.statusBuilding}
      </span>
    );
  }
  if (index.status === "ready") {
    return (
      <span className="flex items-center gap-1 text-emerald-700 text-sm">
        <CircleCheck aria-hidden="true" className="size-4" />
        {T.statusReady}
      </span>
    );
  }
  return (
    <span className="flex items-center gap-1 text-red-700 text-sm">
      <CircleAlert aria-hidden="true" className="size-4" />
      {T.statusFailed}
    </span>
  );
}

function IndexList({ projectId, collection }: { projectId: string; collection: string }) {
  const indexes = useCollectionIndexes(projectId, collection);
  const remove = useDeleteIndex(projectId, collection);
  const [doomed, setDoomed] = useState<CollectionIndex | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  if (indexes.isPending) return <LoadingState label={T.open} />;
  if (indexes.isError) {
    return (
      <LoadFailed
        size="sm"
        message={T.loadFailed}
        onRetry={() => void indexes.refetch()}
        retrying={indexes.isFetching}
      />
    );
  }
  if (indexes.data.indexes.length === 0) return <p className="text-slate-500 text-sm">{T.empty}</p>;
  return (
    <>
      <ul
        ref={listRef}
        tabIndex={-1}
        aria-label={T.open}
        aria-live="polite"
        className="divide-y divide-slate-100 rounded-lg border border-slate-200 focus:outline-none"
      >
        {indexes.data.indexes.map((index) => {
          const fields = indexFieldsText(index.fields);
          return (
            <li key={index.id} className="flex items-start justify-between gap-3 p-3">
              <div className="min-w-0 space-y-1">
                <p className="break-words font-mono text-slate-900 text-sm">{fields}</p>
                <IndexStatus index={index} />
                {index.status === "failed" && index.error && (
                  <p className="break-words text-red-700 text-xs">{T.failedBecause(index.error)}</p>
                )}
              </div>
              <Button size="sm" variant="ghost" onClick={() => setDoomed(index)}>
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sr-only">{T.deleteIndex(fields)}</span>
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={doomed !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setDoomed(null);
        }}
        icon={Trash2}
        title={T.deleteTitle}
        description={T.deleteText}
        cancelLabel={UiTexts.cancel}
        confirmLabel={T.delete}
        pending={remove.isPending}
        onConfirm={() =>
          doomed &&
          remove.mutate(doomed.id, {
            onSuccess: () => {
              setDoomed(null);
              toast.success(T.deleted);
              listRef.current?.focus();
            },
            onError: (error) => toast.error(errorMessage(error, T.deleteFailed)),
          })
        }
      />
    </>
  );
}

/** Where in the form a place of the shared schema's issue is (`fields.1.mode`, or the form). */
const formPath = (path: readonly PropertyKey[]): (string | number)[] =>
  path.length === 3 ? (path as (string | number)[]) : ["root"];

/** The form: fields as typed, checked by the server's own schema, each refusal at its field. */
const IndexFormSchema = z
  .object({ fields: z.array(z.object({ field: z.string(), mode: z.enum(INDEX_MODES) })) })
  .transform((form, context): CollectionIndexInput => {
    const input = {
      fields: form.fields.map((one) => ({ field: one.field.trim(), mode: one.mode })),
    };
    const read = CollectionIndexInputSchema.safeParse(input);
    if (!read.success) {
      for (const issue of read.error.issues) {
        context.addIssue({ code: "custom", path: formPath(issue.path), message: issue.message });
      }
      return z.NEVER;
    }
    return input;
  });
type IndexFormValues = z.input<typeof IndexFormSchema>;

const MAX_FIELDS = INDEX_LIMITS.equalities + INDEX_LIMITS.orderKeys;
const emptyField = { field: "", mode: "==" } as const;

function IndexForm({
  projectId,
  collection,
  prefill,
}: {
  projectId: string;
  collection: string;
  prefill: IndexField[] | null;
}) {
  const initial = {
    fields: prefill
      ? prefill.map((one) => ({ field: indexFieldName(one.field), mode: one.mode }))
      : [{ ...emptyField }],
  };
  const form = useForm<IndexFormValues, unknown, CollectionIndexInput>({
    resolver: zodResolver(IndexFormSchema),
    defaultValues: initial,
  });
  const fields = useFieldArray({ control: form.control, name: "fields" });
  const declare = useDeclareIndex(projectId, collection);
  const addRef = useRef<HTMLButtonElement>(null);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await declare.mutateAsync(input);
      toast.success(T.created);
      form.reset({ fields: [{ ...emptyField }] });
    } catch (error) {
      // The server's refusal (already declared, too many, a field it cannot index) belongs to
      // the form; a failure of another kind is a toast.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        form.setError("root", { message: error.message });
        return;
      }
      toast.error(errorMessage(error, T.createFailed));
    }
  });

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label={T.create}
      className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
    >
      <h3 className="font-medium text-slate-900 text-sm">{T.create}</h3>
      {fields.fields.map((row, index) => {
        const n = index + 1;
        const rowErrors = errors.fields?.[index];
        return (
          <fieldset
            key={row.id}
            className="grid gap-2 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
          >
            <legend className="sr-only">{T.fieldLabel(n)}</legend>
            <FormField label={T.fieldLabel(n)} error={rowErrors?.field?.message}>
              <Input
                placeholder={DatabaseSectionTexts.fieldPlaceholder}
                autoComplete="off"
                spellCheck={false}
                {...form.register(`fields.${index}.field`)}
              />
            </FormField>
            <FormField label={T.modeLabel(n)} error={rowErrors?.mode?.message}>
              <Select
                options={INDEX_MODES.map((mode) => ({ value: mode, label: T.modes[mode] }))}
                // As a suggestion set it, before react-hook-form takes the element.
                defaultValue={row.mode}
                {...form.register(`fields.${index}.mode`)}
              />
            </FormField>
            <RemoveRowButton
              label={T.removeField(n)}
              disabled={fields.fields.length === 1}
              onRemove={() => {
                fields.remove(index);
                addRef.current?.focus();
              }}
            />
          </fieldset>
        );
      })}
      <Button
        ref={addRef}
        type="button"
        variant="ghost"
        size="sm"
        disabled={fields.fields.length >= MAX_FIELDS}
        onClick={() => fields.append({ field: "", mode: "asc" })}
      >
        <Plus aria-hidden="true" className="size-4" />
        {T.addField}
      </Button>
      {errors.root?.message && <Alert>{errors.root.message}</Alert>}
      <Button type="submit" size="sm" loading={isSubmitting}>
        {T.create}
      </Button>
    </form>
  );
}
