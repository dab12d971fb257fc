import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";

/** Renders a component with what the app gives every page: a fresh query cache and a router. */
export function renderWithApp(ui: ReactNode, options: { path?: string } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? "/"]}>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Answers the app's fetches from `routes` (method and path → status and JSON body), records
 * every request, and answers 404 to anything else.
 */
export function stubApi(routes: Record<string, { status?: number; body: unknown }>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input.toString();
    const method = init?.method ?? "GET";
    calls.push({ method, url, body: init?.body });
    const route = routes[`${method} ${url}`];
    return new Response(
      JSON.stringify(route?.body ?? { code: "NOT_FOUND", message: "Not found" }),
      {
        status: route ? (route.status ?? 200) : 404,
        headers: { "content-type": "application/json" },
      },
    );
  });
  vi.stubGlobal("fetch", fetchStub);
  return calls;
}
