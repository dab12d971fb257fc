import {
  CollectionIndexesResponseSchema,
  type CollectionIndexInput,
  CollectionIndexSchema,
} from "@hybridge/shared/data/indexes";
import { CountResponseSchema, type DocumentQueryInput } from "@hybridge/shared/data/query";
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

/** A query's filter and order, as the console sends them (its page and cursor are added). */
export type DocumentsQuery = Pick<DocumentQueryInput, "where" | "orderBy">;

const collectionPath = (projectId: string, collection: string) =>
  `${base(projectId)}/collections/${encodeURIComponent(collection)}`;

/**
 * A collection's documents matching `query` (decision 038), in its order (newest first without
 * one), a page at a time ("Load more" sends the last page's cursor as `after`).
 */
export function useQueriedDocuments(projectId: string, collection: string, query: DocumentsQuery) {
  return useInfiniteQuery({
    queryKey: [...databaseKeys.documents(projectId, collection), "query", query] as const,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiClient.post(
        `${collectionPath(projectId, collection)}/query`,
        { ...query, limit: DOCUMENTS_PAGE, ...(pageParam ? { after: pageParam } : {}) },
        DocumentsResponseSchema,
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
}

/** How many documents of the collection match `where`. */
export function useDocumentCount(
  projectId: string,
  collection: string,
  where: DocumentsQuery["where"],
) {
  return useQuery({
    queryKey: [...databaseKeys.documents(projectId, collection), "count", where ?? []] as const,
    queryFn: () =>
      apiClient.post(
        `${collectionPath(projectId, collection)}/count`,
        where ? { where } : {},
        CountResponseSchema,
      ),
  });
}

const documentsPath = (projectId: string, collection: string) =>
  `${collectionPath(projectId, collection)}/documents`;
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

// Indexes the owner declares on a collection (decision 041).

const indexesKey = (projectId: string, collection: string) =>
  [...databaseKeys.all(projectId), "indexes", collection] as const;
/** How often the list is read again while an index is being built. */
export const INDEX_POLL_MS = 1_000;

/** A collection's declared indexes, read again every second while one is building. */
export function useCollectionIndexes(projectId: string, collection: string, enabled = true) {
  return useQuery({
    queryKey: indexesKey(projectId, collection),
    queryFn: () =>
      apiClient.get(
        `${collectionPath(projectId, collection)}/indexes`,
        CollectionIndexesResponseSchema,
      ),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.indexes.some((index) => index.status === "building")
        ? INDEX_POLL_MS
        : false,
  });
}

/** Declares an index on the collection (202: it is being built). */
export function useDeclareIndex(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionIndexInput) =>
      apiClient.post(
        `${collectionPath(projectId, collection)}/indexes`,
        input,
        CollectionIndexSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: indexesKey(projectId, collection) }),
  });
}

/** Deletes a declared index (its index is dropped). */
export function useDeleteIndex(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiClient.delete(
        `${collectionPath(projectId, collection)}/indexes/${encodeURIComponent(id)}`,
        DeletedResponseSchema,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: indexesKey(projectId, collection) }),
  });
}
