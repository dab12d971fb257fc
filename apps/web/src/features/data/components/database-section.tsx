import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { UiTexts } from "@hybridge/shared/common/texts";
import { type IndexField, suggestedIndex } from "@hybridge/shared/data/indexes";
import { COLLECTION_NAME } from "@hybridge/shared/data/protocol";
import { parseDocumentQuery } from "@hybridge/shared/data/query";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DatabaseSectionTexts, DataTexts, IndexPanelTexts } from "@hybridge/shared/data/texts";
import { RulesConsoleTexts } from "@hybridge/shared/rules/texts";
import { ArrowLeft, Database, ListTree, Pencil, Plus, ShieldCheck, Trash2 } from "lucide-react";
import { type FormEvent, useId, useRef, useState } from "react";
import toast from "react-hot-toast";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { LoadFailed } from "@/components/ui/load-failed";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { ApiError, errorMessage, isApiError } from "@/lib/api-client";
import {
  type DocumentsQuery,
  useCollections,
  useDeleteDocument,
  useDocumentCount,
  useQueriedDocuments,
} from "../api/use-database";
import { useProjectRules } from "../api/use-rules";
import { DocumentEditor, type EditorTarget } from "./document-editor";
import { DocumentFields } from "./document-fields";
import { IndexesDialog, indexFieldsText } from "./indexes-dialog";
import { QueryBar } from "./query-bar";
import { rulesSummary } from "./rule-choices";
import { RulesDialog } from "./rules-dialog";

const T = DatabaseSectionTexts;
const R = RulesConsoleTexts;

/**
 * The project page's "Database" section: the collections of the project's Test Mode database
 * with their document counts and access rules (collections with rules and no documents too);
 * a collection's documents, newest first, a page at a time, each deletable; a collection's
 * rules in their editor.
 */
export function DatabaseSection({ projectId }: { projectId: string }) {
  const titleId = useId();
  const [open, setOpen] = useState<string | null>(null);
  const [rulesOf, setRulesOf] = useState<string | null>(null);
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="font-semibold text-lg text-slate-900">
        {T.title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{T.lead}</p>
      <div className="mt-4">
        {open === null ? (
          <Collections projectId={projectId} onOpen={setOpen} onRules={setRulesOf} />
        ) : (
          <Documents
            projectId={projectId}
            collection={open}
            onBack={() => setOpen(null)}
            onRules={() => setRulesOf(open)}
          />
        )}
      </div>
      <RulesDialog projectId={projectId} collection={rulesOf} onClose={() => setRulesOf(null)} />
    </Card>
  );
}

function Collections({
  projectId,
  onOpen,
  onRules,
}: {
  projectId: string;
  onOpen: (collection: string) => void;
  onRules: (collection: string) => void;
}) {
  const collections = useCollections(projectId);
  const rules = useProjectRules(projectId);
  const listId = useId();
  if (collections.isPending) return <LoadingState label={T.title} />;
  if (collections.isError) {
    return (
      <LoadFailed
        size="sm"
        message={T.loadFailed}
        onRetry={() => void collections.refetch()}
        retrying={collections.isFetching}
      />
    );
  }
  const ruled = new Map(rules.data?.collections.map((one) => [one.collection, one]));
  // A collection with rules and no documents yet is listed too, with 0 documents.
  const rows = [
    ...collections.data.collections,
    ...[...ruled.keys()]
      .filter((name) => !collections.data.collections.some((one) => one.name === name))
      .map((name) => ({ name, documents: 0 })),
  ].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return (
    <div className="space-y-3">
      <p className="flex items-start gap-2 text-slate-600 text-sm">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
        <span>{R.bypassNote}</span>
      </p>
      {rules.isError && (
        <LoadFailed
          size="sm"
          message={R.loadFailed}
          onRetry={() => void rules.refetch()}
          retrying={rules.isFetching}
        />
      )}
      {rows.length === 0 ? (
        <p className="text-slate-500 text-sm">{T.empty}</p>
      ) : (
        <ul aria-label={T.collections} className="divide-y divide-slate-100">
          {rows.map((collection, index) => {
            const stored = ruled.get(collection.name);
            const accessId = `${listId}-${index}`;
            return (
              <li
                key={collection.name}
                className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-1"
              >
                <button
                  type="button"
                  onClick={() => onOpen(collection.name)}
                  className="flex min-w-0 flex-1 basis-48 items-center justify-between gap-3 rounded-lg px-2 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
                >
                  <span className="flex min-w-0 items-center gap-3">
                    <Database aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
                    <TruncatedText text={collection.name} className="font-medium text-slate-900" />
                  </span>
                  <span className="shrink-0 text-slate-500 text-sm">
                    {T.documents(collection.documents)}
                  </span>
                </button>
                {rules.isSuccess && (
                  <span className="flex min-w-0 basis-full items-center justify-between gap-3 pl-10 sm:basis-auto sm:pl-0">
                    <span
                      id={accessId}
                      className={
                        stored
                          ? "min-w-0 break-words text-slate-600 text-xs"
                          : "min-w-0 break-words text-amber-700 text-xs"
                      }
                    >
                      {stored ? rulesSummary(stored) : R.noRules}
                    </span>
                    {/* Named "Rules" as seen; described by its collection and access state. */}
                    <span id={`${accessId}-name`} hidden>
                      {collection.name}
                    </span>
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-describedby={`${accessId}-name ${accessId}`}
                      onClick={() => onRules(collection.name)}
                    >
                      {R.open}
                    </Button>
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {rules.isSuccess && <AddRules onRules={onRules} />}
    </div>
  );
}

/**
 * Opens the rules editor of a collection by its name: one with no documents yet can have its
 * rules before the app writes to it (one listed already opens its own).
 */
function AddRules({ onRules }: { onRules: (collection: string) => void }) {
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const formId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAdding(false);
    setName("");
    setError(null);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const collection = name.trim();
    if (!COLLECTION_NAME.test(collection)) {
      setError(DataTexts.invalidCollection);
      return;
    }
    close();
    onRules(collection);
  };
  return (
    <div className="space-y-2">
      <Button
        ref={toggleRef}
        variant="ghost"
        size="sm"
        aria-expanded={adding}
        aria-controls={adding ? formId : undefined}
        onClick={() => (adding ? close() : setAdding(true))}
      >
        <Plus aria-hidden="true" className="size-4" />
        {R.addForCollection}
      </Button>
      {adding && (
        <form
          id={formId}
          noValidate
          aria-label={R.addForCollection}
          onSubmit={onSubmit}
          className="space-y-3 rounded-lg border border-slate-200 bg-slate-50/60 p-3"
        >
          <p className="text-slate-600 text-sm">{R.addLead}</p>
          <FormField label={R.collectionName} error={error ?? undefined}>
            <Input
              autoFocus
              autoComplete="off"
              spellCheck={false}
              placeholder={R.collectionPlaceholder}
              value={name}
              onChange={(event) => {
                setName(event.target.value);
                setError(null);
              }}
            />
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm">
              {R.continue}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => {
                close();
                toggleRef.current?.focus();
              }}
            >
              {UiTexts.cancel}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

function Documents({
  projectId,
  collection,
  onBack,
  onRules,
}: {
  projectId: string;
  collection: string;
  onBack: () => void;
  onRules: () => void;
}) {
  const [query, setQuery] = useState<DocumentsQuery>({});
  const documents = useQueriedDocuments(projectId, collection, query);
  const count = useDocumentCount(projectId, collection, query.where);
  // A query the server refuses (too slow without an index, a rule the form did not know) is
  // answered in its words, at its field when it names one.
  const refusal =
    documents.error instanceof ApiError &&
    documents.error.status >= 400 &&
    documents.error.status < 500
      ? documents.error.message
      : null;
  // Refused as too slow: the index that would serve it, to declare in one click.
  const suggestion = (() => {
    if (!(documents.error instanceof ApiError)) return null;
    if (documents.error.code !== ErrorCodes.QUERY_TOO_SLOW) return null;
    const read = parseDocumentQuery(query);
    return read.issues ? null : suggestedIndex(read.query);
  })();
  const [indexes, setIndexes] = useState<{ prefill: IndexField[] | null } | null>(null);
  const remove = useDeleteDocument(projectId, collection);
  const [doomed, setDoomed] = useState<DataDocument | null>(null);
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const all = documents.data?.pages.flatMap((page) => page.documents) ?? [];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {T.back}
        </Button>
        <p className="flex min-w-0 items-center gap-1 text-slate-500 text-sm" aria-live="polite">
          <TruncatedText text={collection} className="font-medium text-slate-900" />
          {count.data && <span className="shrink-0">· {T.matching(count.data.count)}</span>}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={onRules}>
            <ShieldCheck aria-hidden="true" className="size-4" />
            {R.open}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setIndexes({ prefill: null })}>
            <ListTree aria-hidden="true" className="size-4" />
            {IndexPanelTexts.open}
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setEditing({ mode: "add" })}>
            <Plus aria-hidden="true" className="size-4" />
            {T.add}
          </Button>
        </div>
      </div>
      <div className="mt-3">
        <QueryBar onApply={setQuery} refusal={refusal} />
      </div>
      <div ref={listRef} tabIndex={-1} className="mt-3 focus:outline-none">
        {documents.isPending ? (
          <LoadingState label={collection} />
        ) : refusal !== null ? (
          <Alert>
            <p>{refusal}</p>
            {suggestion && suggestion.length > 0 && (
              <div className="mt-2 space-y-2">
                <p>{IndexPanelTexts.suggestLead(indexFieldsText(suggestion))}</p>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setIndexes({ prefill: suggestion })}
                >
                  {IndexPanelTexts.suggest}
                </Button>
              </div>
            )}
          </Alert>
        ) : documents.isError ? (
          <LoadFailed
            size="sm"
            message={T.loadFailed}
            onRetry={() => void documents.refetch()}
            retrying={documents.isFetching}
          />
        ) : all.length === 0 ? (
          <p className="text-slate-500 text-sm">{query.where ? T.noMatch : T.empty}</p>
        ) : (
          <DocumentList
            label={collection}
            documents={all}
            onOpen={(document) => setEditing({ mode: "edit", document })}
            onDelete={setDoomed}
          />
        )}
        {documents.hasNextPage && (
          <div className="mt-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              loading={documents.isFetchingNextPage}
              onClick={() => void documents.fetchNextPage()}
            >
              {T.loadMore}
            </Button>
          </div>
        )}
      </div>
      <IndexesDialog
        projectId={projectId}
        collection={collection}
        open={indexes !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setIndexes(null);
        }}
        prefill={indexes?.prefill ?? null}
      />
      <DocumentEditor
        projectId={projectId}
        collection={collection}
        target={editing}
        onClose={() => setEditing(null)}
      />
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
          remove.mutate(doomed, {
            onSuccess: () => {
              setDoomed(null);
              toast.success(T.deleted);
              // Its row is gone: the keyboard goes on from the list.
              listRef.current?.focus();
            },
            onError: (error) => {
              // The server's own words name its ifVersion parameter; the console's say what
              // happened. The list reloads (useDeleteDocument), so the dialog closes: deleting
              // again asks at the version now shown.
              if (isApiError(error, ErrorCodes.CONFLICT)) {
                setDoomed(null);
                toast.error(T.deleteConflict);
              } else toast.error(errorMessage(error, T.deleteFailed));
            },
          })
        }
      />
    </div>
  );
}

/** A page of documents: the server's fields, the document's own, Open and Delete. */
function DocumentList({
  label,
  documents,
  onOpen,
  onDelete,
}: {
  label: string;
  documents: DataDocument[];
  onOpen: (document: DataDocument) => void;
  onDelete: (document: DataDocument) => void;
}) {
  return (
    <ul aria-label={label} className="space-y-3">
      {documents.map((document) => (
        <li key={document.id} className="rounded-lg border border-slate-200 p-3">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0 text-slate-500 text-xs">
              <TruncatedText text={document.id} className="font-mono" />
              <time dateTime={document.createdAt}>{formatBuildDateTime(document.createdAt)}</time>
              <span>
                {" "}
                · {T.versionLabel} {document.version}
              </span>
            </div>
            <div className="flex shrink-0 gap-1">
              <Button size="sm" variant="ghost" onClick={() => onOpen(document)}>
                <Pencil aria-hidden="true" className="size-4" />
                <span className="sr-only">{T.open(document.id)}</span>
              </Button>
              <Button size="sm" variant="ghost" onClick={() => onDelete(document)}>
                <Trash2 aria-hidden="true" className="size-4" />
                <span className="sr-only">
                  {T.delete} {document.id}
                </span>
              </Button>
            </div>
          </div>
          <DocumentFields document={document} />
        </li>
      ))}
    </ul>
  );
}
