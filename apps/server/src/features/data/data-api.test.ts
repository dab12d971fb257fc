import { GenericTexts } from "@hybridge/shared/common/texts";
import { DataTexts } from "@hybridge/shared/data/texts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { documents, projectSettings } from "../../platform/db/schema";
import { hashSecret } from "../../platform/random";
import { authed, createTestProject } from "../projects/test-support";

let app: TestApp;
let owner: TestUser;
let base: string;
beforeAll(async () => {
  app = await createTestApp({
    env: { DATA_MAX_DOCUMENTS: "5", DATA_MAX_DOCUMENT_KB: "1", DATA_RATE_LIMIT_PER_MINUTE: "1000" },
  });
  owner = await createTestUser(app);
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.cleanup();
});

/** A new project of the owner and its database key, as the settings page shows it once. */
async function projectWithKey() {
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  const key = settings.json().settings.databaseKey as string;
  expect(key).toMatch(/^hb_test_/);
  return { project, key };
}

const url = (collection: string, rest = "") =>
  `/api/v1/db/collections/${collection}/documents${rest}`;
const add = (key: string | null, collection: string, payload: unknown) =>
  app.inject({
    method: "POST",
    url: url(collection),
    headers: key ? { authorization: `Bearer ${key}` } : {},
    payload: payload as object,
  });
const get = (key: string | null, path: string) =>
  app.inject({ url: path, headers: key ? { authorization: `Bearer ${key}` } : {} });

describe("the database API", () => {
  it("adds, lists newest first, gets and deletes documents", async () => {
    const { key } = await projectWithKey();
    const first = await add(key, "orders", { item: "Espresso", quantity: 2 });
    expect(first.statusCode).toBe(201);
    const espresso = first.json();
    expect(espresso).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      version: 1,
      item: "Espresso",
      quantity: 2,
    });
    const latte = (await add(key, "orders", { item: "Latte", notes: "oat milk\nno sugar" })).json();
    const list = await get(key, url("orders"));
    expect(list.statusCode).toBe(200);
    expect(list.headers["access-control-allow-origin"]).toBe("*");
    expect(list.json()).toEqual({ documents: [latte, espresso], nextCursor: null });
    expect((await get(key, url("orders", `/${espresso.id}`))).json()).toEqual(espresso);
    // Another collection of the same project holds its own documents.
    expect((await get(key, url("other"))).json().documents).toEqual([]);
    expect((await get(key, url("other", `/${espresso.id}`))).statusCode).toBe(404);

    const deleted = await app.inject({
      method: "DELETE",
      url: url("orders", `/${espresso.id}`),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(deleted.json()).toEqual({ ok: true });
    const again = await get(key, url("orders", `/${espresso.id}`));
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: "NOT_FOUND", message: DataTexts.notFound });
  });

  it("answers 401 without a key, with a wrong key and with a replaced key", async () => {
    const { project, key } = await projectWithKey();
    expect((await add(key, "notes", { text: "hello" })).statusCode).toBe(201);
    for (const bad of [null, "hb_test_wrong", `${key}x`]) {
      const res = await get(bad, url("notes"));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: "UNAUTHENTICATED",
        message: GenericTexts.databaseKeyRequired,
      });
      expect(res.headers["www-authenticate"]).toContain("Bearer");
    }
    const regenerated = await app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/settings/database-key`,
      headers: { ...authed(owner.cookie), origin: "http://localhost:3000" },
    });
    const newKey = regenerated.json().settings.databaseKey as string;
    expect((await get(key, url("notes"))).statusCode).toBe(401);
    expect((await get(newKey, url("notes"))).json().documents).toHaveLength(1);
  });

  it("keeps each project's documents out of another project's reach", async () => {
    const a = await projectWithKey();
    const b = await projectWithKey();
    const secret = (await add(a.key, "orders", { item: "A's order" })).json();
    expect((await get(b.key, url("orders"))).json().documents).toEqual([]);
    expect((await get(b.key, url("orders", `/${secret.id}`))).statusCode).toBe(404);
    const stolen = await app.inject({
      method: "DELETE",
      url: url("orders", `/${secret.id}`),
      headers: { authorization: `Bearer ${b.key}` },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await get(a.key, url("orders", `/${secret.id}`))).statusCode).toBe(200);
  });

  it("refuses bad names, non-objects, reserved fields and large documents, storing nothing", async () => {
    const { key } = await projectWithKey();
    const badName = await add(key, "Orders!", { item: "x" });
    expect(badName.statusCode).toBe(400);
    expect(badName.json().message).toBe(DataTexts.invalidCollection);
    expect((await get(key, url("a".repeat(65)))).statusCode).toBe(400);
    const array = await add(key, "orders", [1, 2]);
    expect(array.statusCode).toBe(400);
    expect(array.json().message).toBe(DataTexts.notAnObject);
    for (const field of ["id", "createdAt", "fileUrl"]) {
      const reserved = await add(key, "orders", { [field]: "mine" });
      expect(reserved.statusCode).toBe(400);
      expect(reserved.json().message).toBe(DataTexts.reservedField(field));
    }
    const large = await add(key, "orders", { text: "x".repeat(1100) });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(DataTexts.tooLarge(1));
    const control = await add(key, "orders", { text: "a\u0000b" });
    expect(control.statusCode).toBe(400);
    expect((await get(key, url("orders"))).json().documents).toEqual([]);
  });

  it("keeps a project at its document limit, even when adds come at once", async () => {
    const { key } = await projectWithKey();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => add(key, "burst", { i })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(results.find((r) => r.statusCode === 409)?.json().message).toBe(DataTexts.tooMany(5));
    expect((await get(key, url("burst", "?limit=500"))).json().documents).toHaveLength(5);
    // A deletion makes room for one more.
    const [one] = (await get(key, url("burst"))).json().documents;
    await app.inject({
      method: "DELETE",
      url: url("burst", `/${one.id}`),
      headers: { authorization: `Bearer ${key}` },
    });
    expect((await add(key, "burst", { i: "again" })).statusCode).toBe(201);
    expect((await add(key, "burst", { i: "over" })).statusCode).toBe(409);
  });

  it("pages with a cursor that stays stable while documents are added", async () => {
    const { key } = await projectWithKey();
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await add(key, "feed", { i })).json().id);
    const first = (await get(key, url("feed", "?limit=2"))).json();
    expect(first.documents.map((d: { i: number }) => d.i)).toEqual([3, 2]);
    // Added after the first page was read: newer, so never on a later page.
    await add(key, "feed", { i: 4 });
    const second = (
      await get(key, url("feed", `?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`))
    ).json();
    expect(second.documents.map((d: { i: number }) => d.i)).toEqual([1, 0]);
    expect(second.nextCursor).toBeNull();
    const badCursor = await get(key, url("feed", "?cursor=yesterday"));
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toBe(DataTexts.invalidCursor);
    expect((await get(key, url("feed", "?limit=501"))).statusCode).toBe(400);
  });

  it("refuses a cursor in the right form whose date does not exist, on the API's and the console's lists", async () => {
    const { project, key } = await projectWithKey();
    await add(key, "feed", { i: 0 });
    const uuid = "0b6c4c4e-8f4c-4c7e-9a53-3c2a4c0b1d2e";
    for (const cursor of [
      `2024-02-30T00:00:00.000000Z_${uuid}`,
      `2023-02-29T12:00:00.000000Z_${uuid}`,
      `2024-01-01T24:00:00.000000Z_${uuid}`,
      `2024-01-01T23:59:60.000000Z_${uuid}`,
      `2024-13-01T00:00:00.000000Z_${uuid}`,
    ]) {
      const query = `?cursor=${encodeURIComponent(cursor)}`;
      for (const res of [
        await get(key, url("feed", query)),
        await app.inject({
          url: `/api/projects/${project.id}/data/collections/feed/documents${query}`,
          headers: authed(owner.cookie),
        }),
      ]) {
        expect(res.statusCode, cursor).toBe(400);
        expect(res.json()).toEqual({ code: "VALIDATION", message: DataTexts.invalidCursor });
      }
    }
    // The last day of February of a leap year is a day like any other.
    const leap = await get(key, url("feed", `?cursor=2024-02-29T00:00:00.000000Z_${uuid}`));
    expect(leap.statusCode).toBe(200);
  });

  it("answers a CORS preflight from any origin", async () => {
    const res = await app.inject({
      method: "OPTIONS",
      url: url("orders"),
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "POST",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers["access-control-allow-origin"]).toBe("*");
    expect(String(res.headers["access-control-allow-headers"])).toContain("Authorization");
    expect(String(res.headers["access-control-allow-methods"])).toContain("DELETE");
  });

  it("shows the owner the collections and documents in the console, and nobody else", async () => {
    const { project, key } = await projectWithKey();
    for (const item of ["Espresso", "Latte"]) await add(key, "orders", { item });
    await add(key, "tables", { seats: 4 });
    const console = (path: string, cookie = owner.cookie, method: "GET" | "DELETE" = "GET") =>
      app.inject({
        method,
        url: `/api/projects/${project.id}/data${path}`,
        headers: { ...authed(cookie), origin: "http://localhost:3000" },
      });
    expect((await console("/collections")).json()).toEqual({
      collections: [
        { name: "orders", documents: 2 },
        { name: "tables", documents: 1 },
      ],
    });
    const page = (await console("/collections/orders/documents?limit=1")).json();
    expect(page.documents.map((d: { item: string }) => d.item)).toEqual(["Latte"]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const latte = page.documents[0].id;
    const stranger = await createTestUser(app);
    for (const path of ["/collections", "/collections/orders/documents"]) {
      expect((await console(path, stranger.cookie)).statusCode).toBe(404);
    }
    expect(
      (await console(`/collections/orders/documents/${latte}`, stranger.cookie, "DELETE"))
        .statusCode,
    ).toBe(404);
    expect(
      (await app.inject({ url: `/api/projects/${project.id}/data/collections` })).statusCode,
    ).toBe(401);
    expect(
      (await console(`/collections/orders/documents/${latte}`, owner.cookie, "DELETE")).json(),
    ).toEqual({
      ok: true,
    });
    expect((await get(key, url("orders"))).json().documents).toHaveLength(1);
  });

  it("streams a collection's additions and deletions to its viewers only", async () => {
    const { key } = await projectWithKey();
    const other = await projectWithKey();
    const response = await fetch(
      `${base}${url("chat").replace("/documents", "/events")}?key=${encodeURIComponent(key)}`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    const events: Array<{ type: string; data: Record<string, unknown> }> = [];
    const timer = setTimeout(() => void reader.cancel(), 15_000);
    const until = async (done: () => boolean) => {
      while (!done()) {
        const { value, done: ended } = await reader.read();
        if (ended) throw new Error(`the stream ended: ${JSON.stringify(events)}`);
        buffer += decoder.decode(value, { stream: true });
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (type) events.push({ type, data: JSON.parse(data ?? "null") });
        }
      }
    };
    await until(() => events.some((e) => e.type === "ready"));
    // Not for this stream: another collection, another project.
    await add(key, "elsewhere", { text: "no" });
    await add(other.key, "chat", { text: "no" });
    const hello = (await add(key, "chat", { text: "hello" })).json();
    await app.inject({
      method: "DELETE",
      url: url("chat", `/${hello.id}`),
      headers: { authorization: `Bearer ${key}` },
    });
    await until(() => events.some((e) => e.type === "document-deleted"));
    clearTimeout(timer);
    await reader.cancel();
    expect(events).toEqual([
      { type: "ready", data: null },
      { type: "document-added", data: hello },
      { type: "document-deleted", data: { id: hello.id } },
    ]);
    const refused = await fetch(`${base}${url("chat").replace("/documents", "/events")}?key=nope`);
    expect(refused.status).toBe(401);
  });
});

/** What another server did reaches us by NOTIFY: within these 2 s. */
const MOMENTS = { timeout: 2_000, interval: 5 };

describe("what the server remembers of keys and pages", () => {
  const items = async (key: string, path: string) =>
    (await get(key, path)).json().documents.map((d: { item: string }) => d.item);

  it("refuses a regenerated key at the very next request, though it was just used", async () => {
    const { project, key } = await projectWithKey();
    // Twice: the second answer comes from what the server remembered of the key.
    expect((await get(key, url("notes"))).statusCode).toBe(200);
    expect((await get(key, url("notes"))).statusCode).toBe(200);
    const regenerated = await app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/settings/database-key`,
      headers: { ...authed(owner.cookie), origin: "http://localhost:3000" },
    });
    const newKey = regenerated.json().settings.databaseKey as string;
    const refused = await get(key, url("notes"));
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: GenericTexts.databaseKeyRequired,
    });
    expect((await get(newKey, url("notes"))).statusCode).toBe(200);
  });

  it("refuses a key that another server replaced, within moments", async () => {
    const { project, key } = await projectWithKey();
    expect((await get(key, url("notes"))).statusCode).toBe(200);
    expect((await get(key, url("notes"))).statusCode).toBe(200);
    // As another server would: straight into the table, without this server's knowledge.
    await app.deps.db
      .update(projectSettings)
      .set({ databaseKeyHash: hashSecret(`hb_test_elsewhere_${project.id}`) })
      .where(eq(projectSettings.id, project.id));
    await expect.poll(async () => (await get(key, url("notes"))).statusCode, MOMENTS).toBe(401);
  });

  // A LISTEN dropped and made again (PostgreSQL restarted, a failover) misses what was
  // notified meanwhile: the server forgets what the notifications kept fresh.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "forgets remembered keys and pages when its LISTEN is made again",
    async () => {
      const { project, key } = await projectWithKey();
      await add(key, "desk", { item: "Espresso" });
      // The change feed reads the add too, and voids the collection's pages once more.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await items(key, url("desk"))).toEqual(["Espresso"]);
      expect(await items(key, url("desk"))).toEqual(["Espresso"]);
      // Changes whose notifications are lost: made with the triggers off.
      const replacement = `hb_test_replacement_${project.id}`;
      await app.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx
          .insert(documents)
          .values({ projectId: project.id, collection: "desk", data: { item: "Latte" }, size: 16 });
        await tx
          .update(projectSettings)
          .set({ databaseKeyHash: hashSecret(replacement) })
          .where(eq(projectSettings.id, project.id));
      });
      // Unheard: what was remembered still answers.
      expect(await items(key, url("desk"))).toEqual(["Espresso"]);

      await app.deps.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`);
      await expect
        .poll(async () => (await get(key, url("desk"))).statusCode, { ...MOMENTS, timeout: 10_000 })
        .toBe(401);
      expect(await items(replacement, url("desk"))).toEqual(["Latte", "Espresso"]);
    },
  );

  it("lists a document added or deleted at the very next request", async () => {
    const { project, key } = await projectWithKey();
    await add(key, "menu", { item: "Espresso" });
    // Read twice: the second page comes from what the server remembered.
    expect(await items(key, url("menu"))).toEqual(["Espresso"]);
    expect(await items(key, url("menu"))).toEqual(["Espresso"]);
    const latte = (await add(key, "menu", { item: "Latte" })).json();
    expect(await items(key, url("menu"))).toEqual(["Latte", "Espresso"]);
    const firstPage = (await get(key, url("menu", "?limit=1"))).json();
    const older = url("menu", `?limit=1&cursor=${encodeURIComponent(firstPage.nextCursor)}`);
    expect(await items(key, older)).toEqual(["Espresso"]);
    // Pages after a cursor are voided too.
    const espresso = (await get(key, older)).json().documents[0];
    await app.inject({
      method: "DELETE",
      url: url("menu", `/${espresso.id}`),
      headers: { authorization: `Bearer ${key}` },
    });
    expect(await items(key, older)).toEqual([]);
    expect(await items(key, url("menu"))).toEqual(["Latte"]);
    // The owner's delete in the console, and the console's own list.
    const consoleList = `/api/projects/${project.id}/data/collections/menu/documents`;
    const consoleHeaders = { ...authed(owner.cookie), origin: "http://localhost:3000" };
    expect((await app.inject({ url: consoleList, headers: consoleHeaders })).json()).toEqual({
      documents: [latte],
      nextCursor: null,
    });
    await app.inject({
      method: "DELETE",
      url: `${consoleList}/${latte.id}`,
      headers: consoleHeaders,
    });
    expect(await items(key, url("menu"))).toEqual([]);
    expect((await app.inject({ url: consoleList, headers: consoleHeaders })).json()).toEqual({
      documents: [],
      nextCursor: null,
    });
  });

  it("lists a document that another server added or deleted, within moments", async () => {
    const { project, key } = await projectWithKey();
    await add(key, "menu", { item: "Espresso" });
    expect(await items(key, url("menu"))).toEqual(["Espresso"]);
    expect(await items(key, url("menu"))).toEqual(["Espresso"]);
    // As another server would: straight into the table, without this server's knowledge.
    const [mocha] = await app.deps.db
      .insert(documents)
      .values({ projectId: project.id, collection: "menu", data: { item: "Mocha" }, size: 16 })
      .returning({ id: documents.id });
    await expect.poll(() => items(key, url("menu")), MOMENTS).toEqual(["Mocha", "Espresso"]);
    await app.deps.db.delete(documents).where(eq(documents.id, mocha?.id ?? ""));
    await expect.poll(() => items(key, url("menu")), MOMENTS).toEqual(["Espresso"]);
  });
});
