import {
  CollectionsResponseSchema,
  type DataDocument,
  DeletedResponseSchema,
  DocumentSchema,
  DocumentsResponseSchema,
} from "@hybridge/shared/data/schemas";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "@/lib/api-client";
import { invalidateProjectUsage } from "@/lib/project-usage";

/** A page of documents in the console. */
export const DOCUMENTS_PAGE = 20;

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/data`;
export const databaseKeys = {
  all: (projectId: string) => ["database", projectId] as const,
  collections: (projectId: string) => ["database", projectId, "collections"] as const,
  documents: (projectId: string, collection: string) =>
    ["database", projectId, "documents", collection] as const,
};

export function useCollections(projectId: string) {
  return useQuery({
    queryKey: databaseKeys.collections(projectId),
    queryFn: () => apiClient.get(`${base(projectId)}/collections`, CollectionsResponseSchema),
  });
}

/** A collection's documents, newest first, a page at a time ("Load more"). */
export function useDocuments(projectId: string, collection: string) {
  return useInfiniteQuery({
    queryKey: databaseKeys.documents(projectId, collection),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: String(DOCUMENTS_PAGE) });
      if (pageParam) query.set("cursor", pageParam);
      return apiClient.get(
        `${base(projectId)}/collections/${encodeURIComponent(collection)}/documents?${query}`,
        DocumentsResponseSchema,
        { signal },
      );
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

const documentsPath = (projectId: string, collection: string) =>
  `${base(projectId)}/collections/${encodeURIComponent(collection)}/documents`;
const documentPath = (projectId: string, collection: string, id: string) =>
  `${documentsPath(projectId, collection)}/${encodeURIComponent(id)}`;

/** The document as stored now (the editor's reload after a conflict). */
export function fetchDocument(projectId: string, collection: string, id: string) {
  return apiClient.get(documentPath(projectId, collection, id), DocumentSchema);
}

/** Adds a document to the collection, as the app's db.add would. */
export function useAddDocument(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: Record<string, unknown>) =>
      apiClient.post(documentsPath(projectId, collection), fields, DocumentSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all(projectId) }),
  });
}

/**
 * Replaces a document's fields (PUT), only if it is still at `ifVersion`, the version the editor
 * shows: the server answers 409 CONFLICT when someone else wrote it meanwhile (decision 037).
 */
export function useSaveDocument(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; ifVersion: number; fields: Record<string, unknown> }) =>
      apiClient.put(
        `${documentPath(projectId, collection, input.id)}?ifVersion=${input.ifVersion}`,
        input.fields,
        DocumentSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: databaseKeys.all(projectId) }),
  });
}

/** Deletes a document at the version the list shows (409 CONFLICT when it moved). */
export function useDeleteDocument(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (document: Pick<DataDocument, "id" | "version">) =>
      apiClient.delete(
        `${documentPath(projectId, collection, document.id)}?ifVersion=${document.version}`,
        DeletedResponseSchema,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: databaseKeys.all(projectId) });
      // A document's file frees the project's storage.
      void invalidateProjectUsage(queryClient, projectId);
    },
  });
}
