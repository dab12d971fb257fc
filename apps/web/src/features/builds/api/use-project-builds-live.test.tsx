// @vitest-environment happy-dom
import { type Build, BuildEvents, type LatestBuildResponse } from "@hybridge/shared/builds/schemas";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { buildsKeys } from "./query-keys";
import { useProjectBuildsLive } from "./use-project-builds-live";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  FakeEventSource.opened = [];
});

const build = (overrides: Partial<Build>): Build => ({
  id: "b1",
  projectId: "p1",
  platform: "android",
  appKey: "my-app",
  status: "building",
  buildPercent: "10",
  version: 1,
  dateGenerate: "2026-01-01T10:00:00.000Z",
  publishedAt: null,
  percent: 10,
  failureReason: null,
  queuePosition: null,
  waitingForAgent: false,
  artifact: null,
  attempts: 1,
  updateChannel: null,
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

function Live({ projectId, onRefused }: { projectId: string; onRefused?: () => void }) {
  useProjectBuildsLive(projectId, true, onRefused);
  return null;
}

function mount(onRefused?: () => void) {
  vi.stubGlobal("EventSource", FakeEventSource);
  const client = new QueryClient();
  const invalidated: unknown[] = [];
  const invalidate = client.invalidateQueries.bind(client);
  vi.spyOn(client, "invalidateQueries").mockImplementation((filters) => {
    invalidated.push(filters?.queryKey);
    return invalidate(filters);
  });
  const view = render(
    <QueryClientProvider client={client}>
      <Live projectId="p1" onRefused={onRefused} />
    </QueryClientProvider>,
  );
  return { client, invalidated, view };
}

const shown = (client: QueryClient) =>
  client.getQueryData<LatestBuildResponse>(buildsKeys.latest("p1", "android"))?.build;

describe("useProjectBuildsLive", () => {
  it("writes each change of the stream into the card's cache, the percent as it moves", async () => {
    const { client } = mount();
    const [source] = FakeEventSource.opened;
    expect(source?.url).toBe("/api/projects/p1/builds/events");
    source?.emit(BuildEvents.changed, build({ percent: 40, buildPercent: "40" }));
    await waitFor(() => expect(shown(client)?.percent).toBe(40));
    source?.emit(
      BuildEvents.changed,
      build({ status: "ready", percent: 100, buildPercent: "100" }),
    );
    await waitFor(() => expect(shown(client)?.status).toBe("ready"));
  });

  it("reads the latest builds again on ready (what changed while away was not sent)", () => {
    const { invalidated } = mount();
    FakeEventSource.opened[0]?.emit(BuildEvents.ready, null);
    expect(invalidated).toContainEqual(buildsKeys.latestAll("p1"));
  });

  it("ignores another project's build, reading its own again instead", () => {
    const { client, invalidated } = mount();
    FakeEventSource.opened[0]?.emit(BuildEvents.changed, build({ projectId: "p2" }));
    expect(shown(client)).toBeUndefined();
    expect(invalidated).toContainEqual(buildsKeys.latestAll("p1"));
  });

  it("has the page check its project again when the server refuses the stream", () => {
    vi.useFakeTimers();
    try {
      const onRefused = vi.fn();
      const { invalidated } = mount(onRefused);
      const [source] = FakeEventSource.opened;
      // A reconnection under way is EventSource's own business.
      source?.emit("error");
      expect(onRefused).not.toHaveBeenCalled();
      if (source) source.readyState = FakeEventSource.CLOSED;
      source?.emit("error");
      expect(onRefused).toHaveBeenCalledTimes(1);
      expect(invalidated).toContainEqual(buildsKeys.project("p1"));
      vi.advanceTimersByTime(3_000);
      expect(FakeEventSource.opened).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("closes its stream when the page goes", () => {
    const { view } = mount();
    view.unmount();
    expect(FakeEventSource.opened[0]?.closed).toBe(true);
  });
});
