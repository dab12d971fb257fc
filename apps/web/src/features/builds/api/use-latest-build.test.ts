import type { Build, LatestBuildResponse } from "@hybridge/shared/builds/schemas";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { buildsKeys } from "./query-keys";
import { writeLatestBuild } from "./use-latest-build";

const build = (overrides: Partial<Build>): Build => ({
  id: "b1",
  projectId: "p1",
  platform: "android",
  appKey: "app",
  status: "pending",
  buildPercent: "0",
  version: 1,
  dateGenerate: "2026-01-01T10:00:00.000Z",
  publishedAt: null,
  percent: 0,
  failureReason: null,
  queuePosition: 1,
  waitingForAgent: false,
  artifact: null,
  attempts: 0,
  updateChannel: null,
  startedAt: null,
  finishedAt: null,
  ...overrides,
});

const shown = (client: QueryClient) =>
  client.getQueryData<LatestBuildResponse>(buildsKeys.latest("p1", "android"))?.build;

describe("writeLatestBuild", () => {
  it("shows a newer build and a new status of the same build", () => {
    const client = new QueryClient();
    writeLatestBuild(client, build({}));
    expect(shown(client)?.id).toBe("b1");
    writeLatestBuild(client, build({ status: "published" }));
    expect(shown(client)?.status).toBe("published");
    writeLatestBuild(client, build({ id: "b2", dateGenerate: "2026-01-01T11:00:00.000Z" }));
    expect(shown(client)?.id).toBe("b2");
  });

  it("never goes back to an older build that arrives late", () => {
    const client = new QueryClient();
    writeLatestBuild(client, build({ id: "b2", dateGenerate: "2026-01-01T11:00:00.000Z" }));
    writeLatestBuild(client, build({ id: "b1" }));
    expect(shown(client)?.id).toBe("b2");
  });

  it("keeps each platform apart", () => {
    const client = new QueryClient();
    writeLatestBuild(client, build({ platform: "apple", id: "a1" }));
    expect(shown(client)).toBeUndefined();
  });
});
