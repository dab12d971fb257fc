import { formatBuildDateTime } from "@hybridge/shared/builds/status-badge";
import { UiTexts } from "@hybridge/shared/common/texts";
import type { DataDocument } from "@hybridge/shared/data/schemas";
import { DatabaseSectionTexts } from "@hybridge/shared/data/texts";
import { ArrowLeft, Database, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import toast from "react-hot-toast";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LoadFailed } from "@/components/ui/load-failed";
import { TruncatedText } from "@/components/ui/long-text";
import { LoadingState } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useCollections, useDeleteDocument, useDocuments } from "../api/use-database";

const T = DatabaseSectionTexts;

/** A document's own fields, as JSON (the server's id and date are shown above it). */
function fieldsOf(document: DataDocument): string {
  const { id: _id, createdAt: _createdAt, updatedAt: _u, version: _v, ...fields } = document;
  return JSON.stringify(fields, null, 2);
}

/**
 * The project page's "Database" section: the collections of the project's Test Mode database
 * with their document counts; a collection's documents, newest first, a page at a time, each
 * deletable.
 */
export function DatabaseSection({ projectId }: { projectId: string }) {
  const titleId = useId();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Card role="region" aria-labelledby={titleId} className="p-6">
      <h2 id={titleId} className="font-semibold text-lg text-slate-900">
        {T.title}
      </h2>
      <p className="mt-1 text-slate-600 text-sm">{T.lead}</p>
      <div className="mt-4">
        {open === null ? (
          <Collections projectId={projectId} onOpen={setOpen} />
        ) : (
          <Documents projectId={projectId} collection={open} onBack={() => setOpen(null)} />
        )}
      </div>
    </Card>
  );
}

function Collections({
  projectId,
  onOpen,
}: {
  projectId: string;
  onOpen: (collection: string) => void;
}) {
  const collections = useCollections(projectId);
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
  if (collections.data.collections.length === 0) {
    return <p className="text-slate-500 text-sm">{T.empty}</p>;
  }
  return (
    <ul aria-label={T.collections} className="divide-y divide-slate-100">
      {collections.data.collections.map((collection) => (
        <li key={collection.name}>
          <button
            type="button"
            onClick={() => onOpen(collection.name)}
            className="flex w-full items-center justify-between gap-3 rounded-lg px-2 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <span className="flex min-w-0 items-center gap-3">
              <Database aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
              <TruncatedText text={collection.name} className="font-medium text-slate-900" />
            </span>
            <span className="shrink-0 text-slate-500 text-sm">
              {T.documents(collection.documents)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function Documents({
  projectId,
  collection,
  onBack,
}: {
  projectId: string;
  collection: string;
  onBack: () => void;
}) {
  const documents = useDocuments(projectId, collection);
  const remove = useDeleteDocument(projectId, collection);
  const [doomed, setDoomed] = useState<DataDocument | null>(null);
  const all = documents.data?.pages.flatMap((page) => page.documents) ?? [];
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {T.back}
        </Button>
        <p className="text-slate-500 text-sm">
          <span className="font-medium text-slate-900">{collection}</span> · {T.newestFirst}
        </p>
      </div>
      <div className="mt-3">
        {documents.isPending ? (
          <LoadingState label={collection} />
        ) : documents.isError ? (
          <LoadFailed
            size="sm"
            message={T.loadFailed}
            onRetry={() => void documents.refetch()}
            retrying={documents.isFetching}
          />
        ) : all.length === 0 ? (
          <p className="text-slate-500 text-sm">{T.empty}</p>
        ) : (
          <ul aria-label={collection} className="space-y-3">
            {all.map((document) => (
              <li key={document.id} className="rounded-lg border border-slate-200 p-3">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 text-slate-500 text-xs">
                    <TruncatedText text={document.id} className="font-mono" />
                    <time dateTime={document.createdAt}>
                      {formatBuildDateTime(document.createdAt)}
                    </time>
                  </div>
                  <Button size="sm" variant="ghost" onClick={() => setDoomed(document)}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    <span className="sr-only">
                      {T.delete} {document.id}
                    </span>
                  </Button>
                </div>
                <pre className="mt-2 max-h-64 overflow-auto whitespace-pre-wrap break-all rounded bg-slate-50 p-2 font-mono text-slate-800 text-xs">
                  {fieldsOf(document)}
                </pre>
              </li>
            ))}
          </ul>
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
            },
            onError: (error) => toast.error(errorMessage(error, T.deleteFailed)),
          })
        }
      />
    </div>
  );
}
