// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionQueryKey } from "@/features/auth/api/use-session";
import { FakeEventSource } from "@/test/fake-event-source";
import { commentsQueryKey } from "./use-comments";
import { useCommentsLive } from "./use-comments-live";

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

/** The n-th stream the hook opened. */
function opened(n: number): FakeEventSource {
  const source = FakeEventSource.opened[n];
  if (!source) throw new Error(`stream ${n} was not opened`);
  return source;
}

function Live() {
  useCommentsLive();
  return null;
}

function mount() {
  vi.stubGlobal("EventSource", FakeEventSource);
  const client = new QueryClient();
  client.setQueryData(sessionQueryKey, { user: null });
  const refetched: unknown[] = [];
  vi.spyOn(client, "refetchQueries").mockImplementation(async (filters) => {
    refetched.push(filters?.queryKey);
  });
  const view = render(
    <QueryClientProvider client={client}>
      <Live />
    </QueryClientProvider>,
  );
  return { refetched, view };
}

describe("useCommentsLive", () => {
  it("reads the comments again at each ready, a reconnection's included", () => {
    const { refetched } = mount();
    const source = opened(0);
    source.emit("ready");
    expect(refetched).toEqual([commentsQueryKey]);
    // The server ended the stream (a shutdown): EventSource reconnects by itself, same object.
    source.readyState = FakeEventSource.CONNECTING;
    source.emit("error");
    source.readyState = FakeEventSource.OPEN;
    source.emit("ready");
    expect(refetched).toEqual([commentsQueryKey, commentsQueryKey]);
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it("opens a new stream a little later when a reconnection was refused (a balancer's 502)", () => {
    vi.useFakeTimers();
    const { refetched, view } = mount();
    const first = opened(0);
    first.readyState = FakeEventSource.CLOSED;
    first.emit("error");
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(3_000);
    expect(FakeEventSource.opened).toHaveLength(2);
    const second = opened(1);
    second.emit("ready");
    expect(refetched).toEqual([commentsQueryKey]);
    view.unmount();
    expect(second.closed).toBe(true);
  });

  it("opens no new stream once the panel is gone", () => {
    vi.useFakeTimers();
    const { view } = mount();
    const first = opened(0);
    first.readyState = FakeEventSource.CLOSED;
    first.emit("error");
    view.unmount();
    vi.advanceTimersByTime(10_000);
    expect(FakeEventSource.opened).toHaveLength(1);
  });
});
