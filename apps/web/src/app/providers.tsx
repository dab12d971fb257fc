import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "react-hot-toast";
import { ApiError } from "@/lib/api-client";

function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx answer will not change on retry; network and server errors may.
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) &&
          failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}

/**
 * App-wide providers: the query cache and the toaster. react-hot-toast keeps at most 20 toasts
 * (TOAST_LIMIT in its store), the spec's limit, so no option is needed for it.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster
        position="top-center"
        toastOptions={{
          className: "text-sm",
          style: {
            borderRadius: "0.75rem",
            padding: "0.625rem 0.875rem",
            color: "#0f172a",
            boxShadow: "0 10px 30px -10px rgb(15 23 42 / 0.25), 0 0 0 1px rgb(15 23 42 / 0.05)",
          },
          success: { duration: 2000, iconTheme: { primary: "#0e904d", secondary: "#fff" } },
          error: { duration: 4000 },
          loading: { duration: Infinity },
        }}
      />
    </QueryClientProvider>
  );
}
