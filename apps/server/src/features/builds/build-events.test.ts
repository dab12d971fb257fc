import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { markReady, seedBuild } from "./test-support";

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  stranger = await createTestUser(app);
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.cleanup();
});

type StreamEvent = { type: string; data: Record<string, unknown> | null };

/**
 * Reads server-sent events from a real connection: runs `onReady` once the stream is open, and
 * stops when `done` says so. Not getting there within `timeoutMs` fails the test.
 */
async function readEvents(options: {
  projectId: string;
  onReady: () => Promise<void>;
  done: (events: StreamEvent[]) => boolean;
  /** Sees the events after each one that arrives. */
  onEvent?: (events: StreamEvent[]) => void;
  timeoutMs?: number;
}): Promise<StreamEvent[]> {
  const response = await fetch(`${base}/api/projects/${options.projectId}/builds/events`, {
    headers: { cookie: owner.cookie },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/event-stream");
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void reader.cancel();
  }, options.timeoutMs ?? 15_000);
  const decoder = new TextDecoder();
  const events: StreamEvent[] = [];
  let buffer = "";
  let acting: Promise<void> | undefined;
  while (!options.done(events)) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const type = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (type) {
        events.push({ type, data: JSON.parse(data ?? "null") });
        if (type === "ready") acting = options.onReady();
        options.onEvent?.(events);
      }
      end = buffer.indexOf("\n\n");
    }
  }
  clearTimeout(timer);
  await reader.cancel();
  await acting;
  if (timedOut) throw new Error(`the stream did not deliver in time: ${JSON.stringify(events)}`);
  return events;
}

const changes = (events: StreamEvent[]) => events.filter((e) => e.type === "build-changed");

describe("GET /api/projects/:id/builds/events", () => {
  it("streams the platform's latest build whenever a build of the project changes", async () => {
    const project = await seedProject(app, owner);
    const elsewhere = await seedProject(app, owner);
    let requested: { id: string } | undefined;
    const events = await readEvents({
      projectId: project.id,
      onReady: async () => {
        // A change on another project is not this stream's business.
        await postJson(
          app,
          `/api/projects/${elsewhere.id}/builds`,
          { platform: "apple" },
          owner.cookie,
        );
        const res = await postJson(
          app,
          `/api/projects/${project.id}/builds`,
          { platform: "android" },
          owner.cookie,
        );
        requested = res.json().build;
        await markReady(app, requested?.id ?? "");
        await postJson(app, `/api/builds/${requested?.id}/publish`, {}, owner.cookie);
      },
      done: (events) => events.some((e) => e.data?.status === "published"),
    });
    expect(events[0]).toEqual({ type: "ready", data: null });
    const changed = changes(events);
    expect(changed.every((e) => e.data?.projectId === project.id)).toBe(true);
    expect(changed[0]?.data).toMatchObject({ id: requested?.id, platform: "android", version: 1 });
    // The watcher may skip a state it had no time to read (the build was made ready right
    // after its request), never go back to one.
    const order = ["pending", "ready", "published"];
    const statuses = changed.map((e) => order.indexOf(String(e.data?.status)));
    expect(statuses.every((index) => index >= 0)).toBe(true);
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(changed.at(-1)?.data).toMatchObject({
      id: requested?.id,
      status: "published",
      version: 1,
    });
  });

  it("sends the latest build, not the one that changed, when an older build is published", async () => {
    const project = await seedProject(app, owner);
    const older = await seedBuild(app, project, {
      platform: "apple",
      status: "ready",
      version: 1,
      dateGenerate: new Date(Date.now() - 600_000),
    });
    const newer = await seedBuild(app, project, { platform: "apple", version: 1 });
    const events = await readEvents({
      projectId: project.id,
      onReady: async () => {
        const res = await postJson(app, `/api/builds/${older.id}/publish`, {}, owner.cookie);
        expect(res.statusCode).toBe(200);
        // The marker: a change of the newer build. Changes are announced in commit order, so
        // anything about the older build would come before it.
        await app.deps.db
          .update(schema.builds)
          .set({ buildPercent: "7" })
          .where(eq(schema.builds.id, newer.id));
      },
      done: (events) => events.some((e) => e.data?.buildPercent === "7"),
    });
    expect(changes(events).length).toBeGreaterThan(0);
    for (const event of changes(events)) {
      expect(event.data).toMatchObject({ id: newer.id, status: "pending" });
    }
    expect(changes(events).at(-1)?.data).toMatchObject({ buildPercent: "7" });
  });

  it("streams a status changed directly in the database within about a second", async () => {
    const project = await seedProject(app, owner);
    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    let changedAt = 0;
    const events = await readEvents({
      projectId: project.id,
      onReady: async () => {
        // "ready" comes once the watch is in place: change the row behind the API's back.
        await app.deps.db
          .update(schema.builds)
          .set({ status: "building", buildPercent: "40" })
          .where(eq(schema.builds.id, build.id));
        changedAt = Date.now();
      },
      done: (events) => events.some((e) => e.data?.status === "building"),
    });
    const seen = changes(events).find((e) => e.data?.status === "building");
    expect(seen?.data).toMatchObject({ id: build.id, buildPercent: "40" });
    // Generous on a shared 2-core machine: it comes on its own, without a read.
    expect(Date.now() - changedAt).toBeLessThan(5_000);
  });

  it("sends a joining viewer its own snapshot only, and each change once to every viewer", async () => {
    const project = await seedProject(app, owner);
    const android = await seedBuild(app, project, { platform: "android", version: 1 });
    await seedBuild(app, project, { platform: "apple", version: 1 });
    const VIEWERS = 60;
    let withSnapshot = 0;
    let everyoneHasIt: () => void = () => {};
    const allSnapshots = new Promise<void>((resolve) => {
      everyoneHasIt = resolve;
    });
    const streams = Array.from({ length: VIEWERS }, () => {
      let counted = false;
      return readEvents({
        projectId: project.id,
        onReady: async () => {},
        onEvent: (events) => {
          if (!counted && changes(events).length === 2) {
            counted = true;
            withSnapshot += 1;
            if (withSnapshot === VIEWERS) everyoneHasIt();
          }
        },
        done: (events) => events.some((e) => e.data?.buildPercent === "50"),
        timeoutMs: 30_000,
      });
    });
    await allSnapshots;
    await app.deps.db
      .update(schema.builds)
      .set({ buildPercent: "50" })
      .where(eq(schema.builds.id, android.id));
    const received = await Promise.all(streams);
    // Had every join re-sent the state to all viewers, the first viewers would hold about
    // 2 × VIEWERS events here.
    for (const events of received) {
      expect(events.map((e) => [e.type, e.data?.platform ?? null])).toEqual([
        ["ready", null],
        ...[
          ["build-changed", "android"],
          ["build-changed", "apple"],
        ].sort(),
        ["build-changed", "android"],
      ]);
    }
  });

  it("answers 404 to another user and 401 when signed out, without opening a stream", async () => {
    const project = await seedProject(app, owner);
    const foreign = await fetch(`${base}/api/projects/${project.id}/builds/events`, {
      headers: { cookie: stranger.cookie },
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({
      code: "NOT_FOUND",
      message: BuildsTexts.projectNotFound,
    });
    const signedOut = await fetch(`${base}/api/projects/${project.id}/builds/events`);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as { message: string }).message).toBe(BuildsTexts.notLoggedIn);
  });
});
