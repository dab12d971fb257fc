import { ErrorCodes } from "@hybridge/shared/common/errors";
import { DATA_API_PATH } from "@hybridge/shared/data/protocol";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seedProject } from "../../test/seed";
import {
  createTestApp,
  createTestScene,
  getAs,
  postJson,
  type TestApp,
  type TestUser,
} from "../../test/test-app";
import { emptyBuildQueue, insertTestAgent } from "../features/agents/test-support";
import { createLiveHub } from "./live";
import { countStorageErrors, createMetrics } from "./metrics";
import { createLocalStorage } from "./storage";

const TOKEN = "metrics-test-token-0123456789";

let app: TestApp, owner: TestUser;
beforeAll(async () => {
  ({ app, owner } = await createTestScene({ env: { METRICS_TOKEN: TOKEN } }));
});
afterAll(() => app?.cleanup());
afterEach(() => {
  vi.useRealTimers();
});

const scrape = (authorization?: string) =>
  app.inject({ url: "/metrics", headers: authorization ? { authorization } : {} });

/** How far each scrape moves the clock: every cache the gauges keep has run out. */
let clockAhead = 0;
async function metricsText(): Promise<string> {
  clockAhead += 60_000;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(Date.now() + clockAhead);
  const res = await scrape(`Bearer ${TOKEN}`);
  vi.useRealTimers();
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** A sample's value, by its name and exact labels as written. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics access", () => {
  it("answers 404 in the error shape when METRICS_TOKEN is unset", async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.inject({ url: "/metrics", headers: { authorization: "Bearer x" } });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: ErrorCodes.NOT_FOUND });
    } finally {
      await plain.cleanup();
    }
  });

  it("answers 401 without the token or with another, 200 in the text format with it", async () => {
    for (const header of [undefined, "Bearer wrong-token-0123456789", TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(header);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: ErrorCodes.UNAUTHENTICATED });
      expect(res.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
    const res = await scrape(`bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(/^# HELP /m);
    expect(res.body).toMatch(/^# TYPE hybridge_http_request_duration_seconds histogram$/m);
    // prom-client's default process metrics.
    expect(res.body).toMatch(/^process_cpu_user_seconds_total /m);
    expect(res.body).toMatch(/^nodejs_eventloop_lag_seconds /m);
    expect(res.body).toMatch(/^hybridge_database_info\{kind="(pglite|postgres)"\} 1$/m);
  });
});

describe("what /metrics counts", () => {
  it("counts a request under its route pattern and status, never its URL", async () => {
    const project = await seedProject(app, owner);
    const series =
      'hybridge_http_request_duration_seconds_count{method="GET",route="/api/projects/:id",status="200"}';
    const before = sample(await metricsText(), series) ?? 0;
    expect((await getAs(app, `/api/projects/${project.id}`, owner.cookie)).statusCode).toBe(200);
    const unknown = `/api/nothing-here/${project.id}?key=${project.keyApp}`;
    expect((await app.inject({ url: unknown })).statusCode).toBe(404);
    const text = await metricsText();
    expect(sample(text, series)).toBe(before + 1);
    expect(text).toMatch(/route="unmatched",status="404"/);
    expect(
      sample(
        text,
        'hybridge_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/projects/:id",status="200"}',
      ),
    ).toBe(before + 1);

    // No label holds an id, a key or a raw URL.
    const values = [...text.matchAll(/="([^"]*)"/g)].map((m) => m[1] ?? "");
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) {
      expect(value).not.toContain(project.id);
      expect(value).not.toContain(project.keyApp);
      expect(value).not.toContain("?");
      expect(value).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    }
  });

  it("reads the build queue at scrape time and times a build where it finishes", async () => {
    await emptyBuildQueue(app);
    const project = await seedProject(app, owner);
    const failedCount = 'hybridge_build_duration_seconds_count{outcome="failed"}';
    const before = sample(await metricsText(), failedCount) ?? 0;
    expect(sample(await metricsText(), "hybridge_build_queue_depth")).toBe(0);

    const requested = await postJson(
      app,
      `/api/projects/${project.id}/builds`,
      { platform: "android" },
      owner.cookie,
    );
    expect(requested.statusCode).toBe(201);
    const queued = await metricsText();
    expect(sample(queued, "hybridge_build_queue_depth")).toBe(1);
    expect(sample(queued, "hybridge_build_queue_oldest_wait_seconds")).toBeGreaterThanOrEqual(0);

    const machine = await insertTestAgent(app);
    const auth = { authorization: `Bearer ${machine.token}` };
    const claimed = await app.inject({
      method: "POST",
      url: "/api/agents/claim",
      headers: auth,
      payload: { platforms: ["android"] },
    });
    expect(claimed.statusCode).toBe(200);
    const buildId = requested.json().build.id as string;
    const failed = await app.inject({
      method: "POST",
      url: `/api/agents/builds/${buildId}/fail`,
      headers: auth,
      payload: { reason: "aapt: the manifest is not valid" },
    });
    expect(failed.statusCode).toBe(200);
    const done = await metricsText();
    expect(sample(done, failedCount)).toBe(before + 1);
    expect(sample(done, "hybridge_build_queue_depth")).toBe(0);
  });

  it("counts the database API's calls by operation and outcome", async () => {
    const series = 'hybridge_data_operations_total{operation="list",outcome="refused"}';
    const before = sample(await metricsText(), series) ?? 0;
    const res = await app.inject({ url: `${DATA_API_PATH}/collections/notes/documents` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(sample(await metricsText(), series)).toBe(before + 1);
  });
});

describe("the metrics' sources", () => {
  it("counts open live streams and times each fan-out", () => {
    const seconds: number[] = [];
    const hub = createLiveHub({ onFanOut: (s) => seconds.push(s) });
    const off = hub.subscribe("\0shutdown", () => {});
    hub.subscribe("channel", () => {});
    expect(hub.streams()).toBe(1);
    hub.publish("channel", { type: "changed" });
    expect(seconds).toHaveLength(1);
    expect(seconds[0]).toBeGreaterThanOrEqual(0);
    off();
    expect(hub.streams()).toBe(0);
  });

  it("counts the storage's failed calls by operation", async () => {
    const metrics = createMetrics({
      db: app.deps.db,
      databaseKind: "pglite",
      liveStreams: () => 0,
    });
    const local = createLocalStorage("/nonexistent-metrics-root");
    const storage = countStorageErrors(
      { ...local, remove: () => Promise.reject(new Error("disk gone")) },
      metrics.storageErrors,
    );
    await expect(storage.remove("files/a.txt")).rejects.toThrow("disk gone");
    await expect(storage.exists("files/a.txt")).resolves.toBe(false);
    expect(await metrics.registry.getSingleMetricAsString("hybridge_storage_errors_total")).toMatch(
      /^hybridge_storage_errors_total\{operation="remove"\} 1$/m,
    );
  });
});
