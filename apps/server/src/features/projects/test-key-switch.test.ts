import { GenericTexts } from "@hybridge/shared/common/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresTestDatabase,
  createTestApp,
  createTestUser,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { openDatabase } from "../../platform/db/client";
import { projectSettings } from "../../platform/db/schema";
import { authed, createTestProject } from "./test-support";

/**
 * The owner's Test Mode switch: off, the project's database key opens nothing (a 401 that says
 * so) and the streams opened with it end at once, on every server; on again, the same key works.
 */

type Stream = { status: number; events: string[]; ended: Promise<void>; close: () => void };

const streams: Stream[] = [];
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});

/** A collection's event stream opened with `key`, read until the server ends it. */
async function openStream(base: string, key: string, collection: string): Promise<Stream> {
  const abort = new AbortController();
  const response = await fetch(
    `${base}/api/v1/db/collections/${collection}/events?key=${encodeURIComponent(key)}`,
    { signal: abort.signal },
  );
  const events: string[] = [];
  let sawReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    sawReady = resolve;
  });
  const ended = (async () => {
    if (response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as ReadableStream<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const type = /^event: (.*)$/m.exec(buffer.slice(0, end))?.[1];
          buffer = buffer.slice(end + 2);
          if (type === "ready") sawReady();
          if (type) events.push(type);
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
  })();
  const stream = { status: response.status, events, ended, close: () => abort.abort() };
  streams.push(stream);
  if (response.status === 200) await ready;
  else await response.body?.cancel();
  return stream;
}

const endsWithin = (stream: Stream, ms: number) =>
  Promise.race([
    stream.ended.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);

async function projectWithKey(app: TestApp, owner: TestUser) {
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  return { project, key: settings.json().settings.databaseKey as string };
}

const switchKey = (app: TestApp, projectId: string, enabled: unknown, cookie?: string) =>
  app.inject({
    method: "PUT",
    url: `/api/projects/${projectId}/settings/test-key`,
    headers: authed(cookie),
    payload: { enabled },
  });

const list = (app: TestApp, key: string) =>
  app.inject({
    url: "/api/v1/db/collections/notes/documents",
    headers: { authorization: `Bearer ${key}` },
  });

describe("PUT /api/projects/:id/settings/test-key", () => {
  let app: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let base: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { DATA_RATE_LIMIT_PER_MINUTE: "1000" } });
    owner = await createTestUser(app);
    stranger = await createTestUser(app);
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  it("switched off, refuses the key saying so and ends its streams; on again, the key works", async () => {
    const { project, key } = await projectWithKey(app, owner);
    const other = await projectWithKey(app, owner);
    expect((await list(app, key)).statusCode).toBe(200);
    const stream = await openStream(base, key, "notes");
    const untouched = await openStream(base, other.key, "notes");

    const off = await switchKey(app, project.id, false, owner.cookie);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ testKeyEnabled: false });
    expect(await endsWithin(stream, 5_000)).toBe(true);
    expect(await endsWithin(untouched, 200)).toBe(false);

    const refused = await list(app, key);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers["www-authenticate"]).toMatch(/^Bearer realm=/);
    expect(refused.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: GenericTexts.testKeySwitchedOff,
    });
    expect((await openStream(base, key, "notes")).status).toBe(401);
    // A wrong key still says only that a valid key is wanted.
    expect((await list(app, `${key.slice(0, -1)}x`)).json().message).toBe(
      GenericTexts.databaseKeyRequired,
    );
    expect((await list(app, other.key)).statusCode).toBe(200);

    const settings = await app.inject({
      url: `/api/projects/${project.id}/settings`,
      headers: authed(owner.cookie),
    });
    expect(settings.json().settings.testKeyEnabled).toBe(false);

    const on = await switchKey(app, project.id, true, owner.cookie);
    expect(on.json()).toEqual({ testKeyEnabled: true });
    expect((await list(app, key)).statusCode).toBe(200);
    expect((await openStream(base, key, "notes")).status).toBe(200);
  });

  it("ends the streams when the switch is turned off straight in the database (another server)", async () => {
    const { project, key } = await projectWithKey(app, owner);
    expect((await list(app, key)).statusCode).toBe(200);
    const stream = await openStream(base, key, "notes");
    await app.deps.db
      .update(projectSettings)
      .set({ testKeyEnabled: false })
      .where(eq(projectSettings.id, project.id));
    expect(await endsWithin(stream, 5_000)).toBe(true);
    expect((await list(app, key)).statusCode).toBe(401);
  });

  it("is the owner's only: another user's project answers 404, a visitor 401, a bad body 400", async () => {
    const { project, key } = await projectWithKey(app, owner);
    const foreign = await switchKey(app, project.id, false, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      code: "NOT_FOUND",
      message: ProjectsTexts.settingsNotFound,
    });
    expect((await switchKey(app, project.id, false)).statusCode).toBe(401);
    expect((await switchKey(app, project.id, "off", owner.cookie)).statusCode).toBe(400);
    expect((await switchKey(app, "x".repeat(101), false, owner.cookie)).statusCode).toBe(404);
    // None of them switched anything.
    expect((await list(app, key)).statusCode).toBe(200);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("two servers on one PostgreSQL database", () => {
  const apps: TestApp[] = [];
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    for (const app of apps.reverse()) await app.cleanup();
    await drop();
  });

  it("ends a stream on one when the owner switches the key off on the other", async () => {
    const created = await createPostgresTestDatabase();
    drop = created.drop;
    for (let i = 0; i < 2; i += 1) {
      const database = await openDatabase({ kind: "postgres", url: created.url });
      apps.push(await createTestApp({ database }));
    }
    const [a, b] = apps as [TestApp, TestApp];
    const owner = await createTestUser(a);
    const { project, key } = await projectWithKey(a, owner);
    const baseB = await b.listen({ port: 0, host: "127.0.0.1" });
    expect((await list(b, key)).statusCode).toBe(200);
    const stream = await openStream(baseB, key, "notes");

    expect((await switchKey(a, project.id, false, owner.cookie)).statusCode).toBe(200);
    expect(await endsWithin(stream, 5_000)).toBe(true);
    expect((await list(b, key)).statusCode).toBe(401);
    expect((await openStream(baseB, key, "notes")).status).toBe(401);
  });
});
