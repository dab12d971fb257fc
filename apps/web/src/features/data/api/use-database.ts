import {
  CollectionsResponseSchema,
  DeletedResponseSchema,
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

export function useDeleteDocument(projectId: string, collection: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: string) =>
      apiClient.delete(
        `${base(projectId)}/collections/${encodeURIComponent(collection)}/documents/${encodeURIComponent(documentId)}`,
        DeletedResponseSchema,
      ),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: databaseKeys.all(projectId) });
      // A document's file frees the project's storage.
      void invalidateProjectUsage(queryClient, projectId);
    },
  });
}
