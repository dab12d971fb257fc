import { isAllowedText } from "@hybridge/shared/common/characters";
import type { JsonValue } from "@hybridge/shared/data/query";
import { DataTexts } from "@hybridge/shared/data/texts";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import {
  createTestApp,
  createTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { documentChanges, documents } from "../../platform/db/schema";
import { authed, createTestProject } from "../projects/test-support";
import { createDocumentPages } from "./document-pages";
import { documentScope, ownerCaller } from "./document-scope";
import { checkDocument } from "./documents";
import { jsonTextBytes, updateDocument } from "./write-documents";

// Writes to stored documents (decision 037): update, set, delete with an expected version.
let app: TestApp;
let owner: TestUser;
let base: string;
const MAX_KB = 2;
beforeAll(async () => {
  app = await createTestApp({
    env: {
      DATA_MAX_DOCUMENT_KB: String(MAX_KB),
      DATA_RATE_LIMIT_PER_MINUTE: "100000",
      DATA_MAX_DOCUMENTS: "1000",
    },
  });
  owner = await createTestUser(app);
  base = await app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  await app?.cleanup();
});

async function projectWithKey() {
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  return { project, key: settings.json().settings.databaseKey as string };
}

const url = (collection: string, rest = "") =>
  `/api/v1/db/collections/${collection}/documents${rest}`;

/** A request of the app holding `key`. */
function request(
  key: string,
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: path,
    headers: { authorization: `Bearer ${key}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function added(key: string, collection: string, data: Record<string, unknown>) {
  const res = await request(key, "POST", url(collection), data);
  expect(res.statusCode).toBe(201);
  return res.json() as Record<string, unknown> & { id: string; version: number };
}

const read = async (key: string, collection: string, id: string) =>
  (await request(key, "GET", url(collection, `/${id}`))).json();

/** The stored row's size, as the limit counts it. */
async function storedSize(id: string) {
  const [row] = await app.deps.db
    .select({ size: documents.size })
    .from(documents)
    .where(eq(documents.id, id));
  return row?.size;
}

describe("updating a document", () => {
  it("merges top-level fields, keeps id and createdAt, moves updatedAt and version", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "notes", {
      text: "Buy milk",
      done: false,
      tags: ["home"],
      address: { city: "Lyon", zip: "69001" },
      note: "keep me",
    });
    expect(doc).toMatchObject({ version: 1, updatedAt: doc.createdAt });
    await new Promise((resolve) => setTimeout(resolve, 5));
    const res = await request(key, "PATCH", url("notes", `/${doc.id}`), {
      done: true,
      note: null,
      address: { city: "Paris" },
      extra: 1,
    });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toEqual({
      id: doc.id,
      createdAt: doc.createdAt,
      updatedAt: expect.any(String),
      version: 2,
      text: "Buy milk",
      done: true,
      tags: ["home"],
      // A nested object is replaced whole, and a null stays a null.
      address: { city: "Paris" },
      note: null,
      extra: 1,
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(String(doc.createdAt)));
    expect(await read(key, "notes", doc.id)).toEqual(updated);
    expect(await storedSize(doc.id)).toBe(checkDocument(withoutServerFields(updated), LIMITS));
  });

  it("deletes a field, increments, and adds to or removes from arrays", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "posts", {
      likes: 2,
      score: "high",
      tags: ["a", "b", { x: 1, y: 2 }],
      gone: "bye",
      text: 1,
    });
    const res = await request(key, "PATCH", url("posts", `/${doc.id}`), {
      gone: { $op: "delete" },
      missing: { $op: "delete" },
      likes: { $op: "increment", by: 3 },
      score: { $op: "increment", by: 1 },
      views: { $op: "increment", by: -1.5 },
      tags: { $op: "arrayUnion", values: ["b", "c", { y: 2, x: 1 }, "c", [1]] },
      text: { $op: "arrayUnion", values: [1] },
      none: { $op: "arrayRemove", values: [1] },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json();
    expect(after).not.toHaveProperty("gone");
    expect(after).not.toHaveProperty("missing");
    expect(after).toMatchObject({
      likes: 5,
      // A missing or non-number field counts as 0.
      score: 1,
      views: -1.5,
      // Those not already present, in their order, once; objects equal whatever their keys' order.
      tags: ["a", "b", { x: 1, y: 2 }, "c", [1]],
      // A non-array field becomes [] first.
      text: [1],
      none: [],
      version: 2,
    });
    const removed = await request(key, "PATCH", url("posts", `/${doc.id}`), {
      tags: { $op: "arrayRemove", values: ["a", { y: 2, x: 1 }, "zzz"] },
      likes: { $op: "increment", by: 0.1 },
    });
    expect(removed.json()).toMatchObject({ tags: ["b", "c", [1]], likes: 5.1, version: 3 });
    // Increments add as JavaScript does, in double precision.
    const float = await request(key, "PATCH", url("posts", `/${doc.id}`), {
      f: { $op: "increment", by: 0.1 },
    });
    const sum = await request(key, "PATCH", url("posts", `/${doc.id}`), {
      f: { $op: "increment", by: 0.2 },
    });
    expect(float.statusCode).toBe(200);
    expect(sum.json().f).toBe(0.1 + 0.2);
    expect(await storedSize(doc.id)).toBe(checkDocument(withoutServerFields(sum.json()), LIMITS));
  });

  it("gives exactly +50 for 50 increments at once, and no duplicates for arrayUnion", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "counters", { n: 0, members: [] });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        request(key, "PATCH", url("counters", `/${doc.id}`), {
          n: { $op: "increment", by: 1 },
          members: { $op: "arrayUnion", values: [`m${i % 10}`, "all"] },
        }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    const final = await read(key, "counters", doc.id);
    expect(final.n).toBe(50);
    expect(final.version).toBe(51);
    expect([...final.members].sort()).toEqual(
      ["all", ...Array.from({ length: 10 }, (_, i) => `m${i}`)].sort(),
    );
    // Every version was answered once: no write was lost or merged with another.
    expect(new Set(answers.map((res) => res.json().version)).size).toBe(50);
  });

  it("keeps every field of 30 plain updates of one document at once, its size exact", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "fields", { start: true });
    // Plain values alone take their own statement (decision 066): each must merge into the row
    // as the write before it left it.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        request(key, "PATCH", url("fields", `/${doc.id}`), { [`f${i}`]: "x".repeat(i) }),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
    const final = await read(key, "fields", doc.id);
    expect(final.version).toBe(31);
    const data = withoutServerFields(final);
    expect(data).toEqual({
      start: true,
      ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, "x".repeat(i)])),
    });
    expect(await storedSize(doc.id)).toBe(checkDocument(data, LIMITS));
    expect(new Set(answers.map((res) => res.json().version)).size).toBe(30);
  });

  it("writes increments alone that come together in fewer statements, each counted", async () => {
    const { project, key } = await projectWithKey();
    const doc = await added(key, "likes", { likes: 0, views: 10 });
    // Called at once, as 50 requests reaching the server together are.
    const scope = documentScope(ownerCaller(owner.id, project.id), "likes");
    const pages = createDocumentPages({ heard: async () => false });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        updateDocument({
          db: app.deps.db,
          pages,
          limits: app.deps.config.data,
          scope,
          id: doc.id,
          view: { filesBase: "" },
          fields: {
            likes: { $op: "increment", by: 1 },
            ...(i % 2 ? { views: { $op: "increment", by: 2 } } : {}),
          },
        }),
      ),
    );
    const final = await read(key, "likes", doc.id);
    expect(final).toMatchObject({ likes: 50, views: 60, version: 51 });
    // Each answer holds its own increment at least.
    for (const answer of answers) expect(answer.likes).toBeGreaterThanOrEqual(1);
    // Combined: fewer statements (one change each) than calls.
    const logged = await app.deps.db
      .select({ id: documentChanges.id })
      .from(documentChanges)
      .where(and(eq(documentChanges.documentId, doc.id), eq(documentChanges.op, "update")));
    expect(logged.length).toBeLessThan(50);
    // A refusal answers every increment written with it, and changes nothing.
    const missing = "00000000-0000-4000-8000-000000000000";
    const refused = await Promise.all(
      Array.from({ length: 5 }, () =>
        request(key, "PATCH", url("likes", `/${missing}`), { likes: { $op: "increment", by: 1 } }),
      ),
    );
    expect(refused.map((res) => res.statusCode)).toEqual(Array(5).fill(404));
  });

  it("writes plain updates of other documents that come together in one statement, each answered as alone", async () => {
    const { project, key } = await projectWithKey();
    const docs = await Promise.all(
      Array.from({ length: 30 }, (_, i) => added(key, "rows", { i, keep: "k" })),
    );
    const idOf = (index: number) => docs[index]?.id ?? "";
    const [first, third] = [idOf(0), idOf(2)] as const;
    const scope = documentScope(ownerCaller(owner.id, project.id), "rows");
    const pages = createDocumentPages({ heard: async () => false });
    const update = (id: string, fields: Record<string, unknown>) =>
      updateDocument({
        db: app.deps.db,
        pages,
        limits: app.deps.config.data,
        scope,
        id,
        view: { filesBase: "" },
        fields,
      });
    const missing = "00000000-0000-4000-8000-000000000000";
    // Called at once, as requests reaching the server together are: the first goes alone, those
    // that come while it is written go together.
    const results = await Promise.allSettled([
      ...docs.map((doc, i) =>
        update(doc.id, {
          done: i % 2 === 0,
          text: `it's "${i}" \\ ✓ '; drop table documents; --`,
        }),
      ),
      update(first, { again: true }),
      update(missing, { x: 1 }),
      update(third, { big: "x".repeat(MAX_KB * 1024) }),
    ]);
    const codes = results.map((result) =>
      result.status === "fulfilled" ? 200 : (result.reason as { code?: string }).code,
    );
    expect(codes).toEqual([...Array(31).fill(200), "NOT_FOUND", "PAYLOAD_TOO_LARGE"]);
    // Each answer is its own document, as its write left it.
    results.slice(1, 30).forEach((result, index) => {
      const i = index + 1;
      expect(result.status === "fulfilled" && result.value).toMatchObject({
        id: docs[i]?.id,
        i,
        keep: "k",
        done: i % 2 === 0,
        text: `it's "${i}" \\ ✓ '; drop table documents; --`,
        version: 2,
      });
    });
    const finals = await Promise.all(docs.map((doc) => read(key, "rows", doc.id)));
    expect(finals[0]).toMatchObject({ i: 0, done: true, again: true, version: 3 });
    expect(finals[2]).not.toHaveProperty("big");
    for (const [index, final] of finals.entries()) {
      expect(await storedSize(final.id)).toBe(checkDocument(withoutServerFields(final), LIMITS));
      if (index > 0) expect(final.version).toBe(2);
    }
    // Combined: the 29 others and the first's second update in one transaction (one time).
    expect(new Set(finals.slice(1).map((final) => final.updatedAt)).size).toBe(1);
    // Each write logged once.
    const logged = await app.deps.db
      .select({ id: documentChanges.id })
      .from(documentChanges)
      .where(
        and(
          sql`${documentChanges.documentId} in (${sql.join(
            docs.map((doc) => sql`${doc.id}::uuid`),
            sql`, `,
          )})`,
          eq(documentChanges.op, "update"),
        ),
      );
    expect(logged).toHaveLength(31);
  });

  it("answers 404 for an unknown id, another project's or another collection's document", async () => {
    const a = await projectWithKey();
    const b = await projectWithKey();
    const doc = await added(a.key, "orders", { item: "Tea" });
    for (const [key, path] of [
      [a.key, url("orders", `/${crypto.randomUUID()}`)],
      [a.key, url("orders", "/not-an-id")],
      [a.key, url("other", `/${doc.id}`)],
      [b.key, url("orders", `/${doc.id}`)],
    ] as const) {
      for (const method of ["PATCH", "PUT"] as const) {
        const res = await request(key, method, path, { item: "Coffee" });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ code: "NOT_FOUND", message: DataTexts.notFound });
      }
      const del = await request(key, "DELETE", `${path}?ifVersion=1`);
      expect(del.statusCode).toBe(404);
    }
    expect(await read(a.key, "orders", doc.id)).toEqual(doc);
  });

  it("answers 409 CONFLICT when ifVersion is not the document's version, changing nothing", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "orders", { item: "Tea", n: 1 });
    const ok = await request(key, "PATCH", url("orders", `/${doc.id}?ifVersion=1`), { n: 2 });
    expect(ok.json()).toMatchObject({ n: 2, version: 2 });
    const current = ok.json();
    for (const [method, body] of [
      ["PATCH", { n: { $op: "increment", by: 1 } }],
      ["PUT", { item: "Coffee" }],
      ["DELETE", undefined],
    ] as const) {
      const res = await request(key, method, url("orders", `/${doc.id}?ifVersion=1`), body);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: "CONFLICT", message: DataTexts.versionConflict });
    }
    expect(await read(key, "orders", doc.id)).toEqual(current);
    const put = await request(key, "PUT", url("orders", `/${doc.id}?ifVersion=2`), { a: 1 });
    expect(put.json()).toMatchObject({ a: 1, version: 3 });
    const del = await request(key, "DELETE", url("orders", `/${doc.id}?ifVersion=3`));
    expect(del.json()).toEqual({ ok: true });
    expect((await request(key, "GET", url("orders", `/${doc.id}`))).statusCode).toBe(404);
  });

  it("refuses a bad ifVersion and unknown query parameters, naming them", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "orders", { item: "Tea" });
    for (const bad of ["0", "-1", "1.5", "abc", "", "99999999999"]) {
      const res = await request(key, "PATCH", url("orders", `/${doc.id}?ifVersion=${bad}`), {
        item: "x",
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: DataTexts.invalidIfVersion });
    }
    const unknown = await request(key, "PATCH", url("orders", `/${doc.id}?if_version=1`), {
      item: "x",
    });
    expect(unknown.json()).toEqual({
      code: "VALIDATION",
      message: DataTexts.unknownQuery(["if_version"], ["ifVersion"]),
    });
    expect(await read(key, "orders", doc.id)).toEqual(doc);
  });

  it("refuses a document grown over the limit by the merge, changing nothing", async () => {
    const { key } = await projectWithKey();
    const half = "x".repeat(MAX_KB * 512);
    const doc = await added(key, "big", { a: half, list: ["y".repeat(900)] });
    for (const fields of [
      { b: half },
      { list: { $op: "arrayUnion", values: ["z".repeat(900)] } },
    ]) {
      const res = await request(key, "PATCH", url("big", `/${doc.id}`), fields);
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: DataTexts.tooLarge(MAX_KB),
      });
    }
    const put = await request(key, "PUT", url("big", `/${doc.id}`), { a: half, b: half });
    expect(put.statusCode).toBe(413);
    expect(await read(key, "big", doc.id)).toEqual(doc);
    // Exactly at the limit is accepted: the size counted in SQL is JSON.stringify's.
    const size = (await storedSize(doc.id)) ?? 0;
    const room = MAX_KB * 1024 - size - Buffer.byteLength(',"c":""');
    const fits = await request(key, "PATCH", url("big", `/${doc.id}`), { c: "c".repeat(room) });
    expect(fits.statusCode).toBe(200);
    expect(await storedSize(doc.id)).toBe(MAX_KB * 1024);
    const over = await request(key, "PATCH", url("big", `/${doc.id}`), {
      c: "c".repeat(room + 1),
    });
    expect(over.statusCode).toBe(413);
  });

  it("refuses reserved fields, operations out of place and unknown operations", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "orders", { item: "Tea" });
    const cases: Array<["PATCH" | "PUT", Record<string, unknown>, string]> = [
      ...(["id", "createdAt", "updatedAt", "version", "fileUrl"] as const).flatMap(
        (field) =>
          [
            ["PATCH", { [field]: 1 }, DataTexts.reservedField(field)],
            ["PUT", { [field]: 1 }, DataTexts.reservedField(field)],
          ] as Array<["PATCH" | "PUT", Record<string, unknown>, string]>,
      ),
      ["PATCH", { version: { $op: "increment", by: 1 } }, DataTexts.reservedField("version")],
      ["PATCH", { n: { $op: "multiply", by: 2 } }, DataTexts.operationUnknown("n")],
      ["PATCH", { n: { $op: 1 } }, DataTexts.operationUnknown("n")],
      ["PATCH", { n: { $op: "increment" } }, DataTexts.operationIncrement("n")],
      ["PATCH", { n: { $op: "increment", by: "1" } }, DataTexts.operationIncrement("n")],
      ["PATCH", { n: { $op: "increment", by: 1, x: 1 } }, DataTexts.operationIncrement("n")],
      ["PATCH", { n: { $op: "delete", x: 1 } }, DataTexts.operationDelete("n")],
      [
        "PATCH",
        { n: { $op: "arrayUnion", values: 1 } },
        DataTexts.operationValues("n", "arrayUnion"),
      ],
      ["PATCH", { n: { $op: "arrayRemove" } }, DataTexts.operationValues("n", "arrayRemove")],
      ["PATCH", { a: { b: { $op: "delete" } } }, DataTexts.operationNested("a.b")],
      ["PATCH", { a: [1, { $op: "increment", by: 1 }] }, DataTexts.operationNested("a.1")],
      [
        "PATCH",
        { a: { $op: "arrayUnion", values: [{ $op: "delete" }] } },
        DataTexts.operationNested("a.values.0"),
      ],
      ["PUT", { n: { $op: "increment", by: 1 } }, DataTexts.operationInData("n")],
      ["PUT", { a: { b: [{ $op: "whatever" }] } }, DataTexts.operationInData("a.b.0")],
    ];
    for (const [method, body, message] of cases) {
      const res = await request(key, method, url("orders", `/${doc.id}`), body);
      expect({ body, status: res.statusCode, answer: res.json() }).toEqual({
        body,
        status: 400,
        answer: { code: "VALIDATION", message },
      });
    }
    // An add refuses operations too: nothing would apply them.
    const add = await request(key, "POST", url("orders"), { n: { $op: "increment", by: 1 } });
    expect(add.json()).toEqual({ code: "VALIDATION", message: DataTexts.operationInData("n") });
    expect(await read(key, "orders", doc.id)).toEqual(doc);
  });

  it("refuses an increment whose result is not a finite number", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "orders", { n: 1.7e308 });
    const res = await request(key, "PATCH", url("orders", `/${doc.id}`), {
      n: { $op: "increment", by: 1.7e308 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "VALIDATION", message: DataTexts.notFinite });
    expect(await read(key, "orders", doc.id)).toEqual(doc);
  });

  it("stores injection-looking field names and values verbatim", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "orders", { item: "Tea" });
    const odd = {
      "'; drop table documents; --": "'); delete from documents; --",
      "a->>b": "x' || 'y",
      $1: "$2",
      "{a,b}": ["\\", '"', "\u2028", "é"],
      "data - 'item'": { "': 1": null },
    };
    const res = await request(key, "PATCH", url("orders", `/${doc.id}`), {
      ...odd,
      "'; --": { $op: "increment", by: 1 },
      "}{": { $op: "arrayUnion", values: ["') --", { "'": "'" }] },
    });
    expect(res.statusCode).toBe(200);
    expect(await read(key, "orders", doc.id)).toEqual({
      ...doc,
      ...odd,
      "'; --": 1,
      "}{": ["') --", { "'": "'" }],
      updatedAt: expect.any(String),
      version: 2,
    });
    const put = await request(key, "PUT", url("orders", `/${doc.id}`), odd);
    expect(put.json()).toEqual({
      ...odd,
      id: doc.id,
      createdAt: doc.createdAt,
      updatedAt: expect.any(String),
      version: 3,
    });
    const [count] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(documents);
    expect(count?.n).toBeGreaterThan(0);
  });
});

describe("setting a document", () => {
  it("replaces the data, keeping id, createdAt and the file", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "notes", { text: "a", done: false });
    const res = await request(key, "PUT", url("notes", `/${doc.id}`), { title: "b" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: doc.id,
      createdAt: doc.createdAt,
      updatedAt: expect.any(String),
      version: 2,
      title: "b",
    });
    expect(await storedSize(doc.id)).toBe(Buffer.byteLength('{"title":"b"}'));
  });

  it("keeps the document's file, and lists the written document at once", async () => {
    const { key } = await projectWithKey();
    const form = multipart([
      { name: "data", value: '{"total":1}' },
      {
        name: "file",
        filename: "a.pdf",
        contentType: "application/pdf",
        data: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
      },
    ]);
    const withFile = await app.inject({
      method: "POST",
      url: url("invoices", "/file"),
      headers: { authorization: `Bearer ${key}`, ...form.headers },
      payload: form.payload,
    });
    const doc = withFile.json();
    expect(doc.fileUrl).toMatch(/\.pdf$/);
    // Listed twice, so that the page is remembered (decisions 027, 064) before the writes.
    expect((await request(key, "GET", url("invoices"))).json().documents).toEqual([doc]);
    expect((await request(key, "GET", url("invoices"))).json().documents).toEqual([doc]);
    const put = (await request(key, "PUT", url("invoices", `/${doc.id}`), { total: 2 })).json();
    expect(put).toEqual({ ...doc, total: 2, updatedAt: expect.any(String), version: 2 });
    expect((await request(key, "GET", url("invoices"))).json().documents).toEqual([put]);
    const patched = (
      await request(key, "PATCH", url("invoices", `/${doc.id}`), { paid: true })
    ).json();
    expect(patched).toEqual({ ...put, paid: true, updatedAt: expect.any(String), version: 3 });
    expect((await request(key, "GET", url("invoices"))).json().documents).toEqual([patched]);
    const file = await app.inject({ url: new URL(doc.fileUrl).pathname });
    expect(file.statusCode).toBe(200);
  });
});

const LIMITS = { maxDocumentBytes: 1024 * 1024, maxDocuments: 1 };
const withoutServerFields = (document: Record<string, unknown>) => {
  const { id: _id, createdAt: _c, updatedAt: _u, version: _v, fileUrl: _f, ...data } = document;
  return data;
};

describe("the size of a document counted in SQL", () => {
  it("is JSON.stringify's byte length, numbers, escapes and nesting included", async () => {
    const samples: Record<string, unknown>[] = [
      {},
      { a: [] },
      { a: [1, 2, [3, {}]], b: { c: { d: "e" } } },
      { n: [0, -0, 1, -1, 1.5, 0.1 + 0.2, 1e21, 1e-7, 1.5e-7, -1e21, 123456789012345680000] },
      { n: [1e-6, 9.99e-7, 5e-324, 1.7976931348623157e308, 2 ** 53 + 2, 1.2345678901234566e25] },
      { n: [-0.000001, -1.234e-100, 1e100, 12e21, 0.5, 100, 1e20] },
      { s: 'quote " backslash \\ tab \t newline \n cr \r bs \b ff \f', t: "é ü 中 😀 \u2028" },
      { 'key with " and \\': true, "": false, nul: null },
      // Separators inside strings are the strings' own; a string may end with a backslash.
      { "a\\": "b\\", "c, ": '\\", "d": ', "e: ": [", ", ": ", '\\"', "\\\\"] },
      { deep: [[[[[[{ a: [[{ b: "" }]] }]]]]]] },
      // Doubles of every magnitude, as a request's JSON or an increment makes them.
      {
        random: Array.from({ length: 500 }, (_, i) => {
          const magnitude = 10 ** Math.floor(Math.random() * 60 - 30);
          return (i % 2 ? -1 : 1) * Math.random() * magnitude;
        }),
      },
    ];
    for (const data of samples) {
      const result = await app.deps.db.execute<{ size: number }>(
        sql`select ${jsonTextBytes(sql`${JSON.stringify(data)}::jsonb`)} as size`,
      );
      // postgres-js answers the rows themselves, PGlite an object holding them.
      const [row] = Array.isArray(result) ? result : (result as { rows: { size: number }[] }).rows;
      expect({ data, size: Number(row?.size) }).toEqual({
        data,
        size: Buffer.byteLength(JSON.stringify(data)),
      });
    }
  });
});

// Random documents and updates: keys and strings with escapes and unicode, numbers of every
// magnitude (those JavaScript writes with an exponent too), nested values, every operation on
// present and missing fields.
const texts = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom("", "a", "é", "😀", 'q"uote', "back\\slash\\", "tab\t", "a\r\nb"),
  },
  { weight: 2, arbitrary: fc.constantFrom("\u2028", "\ue000", "\u{10ffff}", '", "x": ', '\\"') },
  {
    weight: 2,
    arbitrary: fc
      .string({ unit: "binary", maxLength: 6 })
      .filter((text) => isAllowedText(text, "multi-line")),
  },
);
/** Field names: few, so that updates meet present fields as often as missing ones. */
const keys = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.constantFrom("a", "b", "n", "list", "é", 'k"ey', "k\\ey", "😀 é", ""),
  },
  {
    weight: 1,
    // Field names are single-line text: escaped in JSON are quotes and backslashes only.
    arbitrary: texts.filter(
      (key) =>
        isAllowedText(key, "single-line") &&
        !["__proto__", "$op", "id", "createdAt", "updatedAt", "version", "fileUrl"].includes(key),
    ),
  },
);
const numbers = fc.oneof(
  fc.integer({ min: -3, max: 3 }),
  fc.constantFrom(0.1, -0.5, 1e21, -1e21, 1.5e-7, -1.5e-7, 1e-6, 9.99e-7, 1e20, 5e-324),
  fc.constantFrom(1.7976931348623157e308, 123456789012345680000, 2 ** 53 + 2, 0.1 + 0.2),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalars = fc.oneof(fc.constantFrom<JsonValue>(null, true, false), numbers, texts);
const { value: jsonValues } = fc.letrec<{ value: JsonValue }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthIdentifier: "json" },
    { weight: 4, arbitrary: scalars },
    { weight: 1, arbitrary: fc.array(tie("value"), { maxLength: 3 }) },
    {
      weight: 1,
      arbitrary: fc
        .dictionary(keys, tie("value"), { maxKeys: 3 })
        .filter((object) => !Object.hasOwn(object, "$op")),
    },
  ),
}));
/** A document as a client sends it: plain objects, -0 written as 0. */
const storedDocuments = fc
  .dictionary(keys, jsonValues, { maxKeys: 6 })
  .map((data) => JSON.parse(JSON.stringify(data)) as Record<string, JsonValue>);
const changes = fc.oneof(
  { weight: 3, arbitrary: jsonValues },
  fc.constant({ $op: "delete" }),
  numbers.map((by) => ({ $op: "increment", by })),
  fc
    .array(jsonValues, { minLength: 1, maxLength: 3 })
    .map((values) => ({ $op: "arrayUnion", values })),
  fc
    .array(jsonValues, { minLength: 1, maxLength: 3 })
    .map((values) => ({ $op: "arrayRemove", values })),
);
const updates = fc.array(
  fc
    .dictionary(keys, changes, { minKeys: 1, maxKeys: 3 })
    .map((fields) => JSON.parse(JSON.stringify(fields)) as Record<string, unknown>),
  { minLength: 1, maxLength: 4 },
);

describe("the size after an update", () => {
  it("is counted from the stored size and the changed members, exactly JSON.stringify's", async () => {
    const { key } = await projectWithKey();
    const row = async (id: string) => {
      const [stored] = await app.deps.db
        .select({ data: documents.data, size: documents.size })
        .from(documents)
        .where(eq(documents.id, id));
      return stored;
    };
    await fc.assert(
      fc.asyncProperty(storedDocuments, updates, async (data, fields) => {
        const res = await request(key, "POST", url("sized"), data);
        if (res.statusCode === 413) return;
        expect(res.statusCode).toBe(201);
        const { id } = res.json() as { id: string };
        for (const update of fields) {
          const before = await row(id);
          const patch = await request(key, "PATCH", url("sized", `/${id}`), update);
          const after = await row(id);
          // An increment beyond a double's range, or a document grown over the limit, is
          // refused and changes nothing.
          expect([200, 400, 413]).toContain(patch.statusCode);
          if (patch.statusCode === 400) expect(patch.json().message).toBe(DataTexts.notFinite);
          if (patch.statusCode !== 200) expect(after).toEqual(before);
          expect({ data: after?.data, size: after?.size }).toEqual({
            data: after?.data,
            size: Buffer.byteLength(JSON.stringify(after?.data)),
          });
        }
      }),
      { numRuns: 80 },
    );
  }, 180_000);
});

describe("query parameters", () => {
  it("are refused, named, on every data route when the route does not read them", async () => {
    const { project, key } = await projectWithKey();
    const doc = await added(key, "orders", { item: "Tea" });
    const app_ = { authorization: `Bearer ${key}` };
    const console_ = authed(owner.cookie);
    const owned = `/api/projects/${project.id}/data/collections`;
    const routes: Array<[string, string, Record<string, string>, string[], unknown?]> = [
      ["GET", url("orders"), app_, ["limit", "cursor"]],
      ["POST", url("orders"), app_, [], { item: "x" }],
      ["POST", url("orders", "/file"), app_, []],
      ["GET", url("orders", `/${doc.id}`), app_, []],
      ["PATCH", url("orders", `/${doc.id}`), app_, ["ifVersion"], { item: "x" }],
      ["PUT", url("orders", `/${doc.id}`), app_, ["ifVersion"], { item: "x" }],
      ["DELETE", url("orders", `/${doc.id}`), app_, ["ifVersion"]],
      ["POST", "/api/v1/db/collections/orders/query", app_, [], { limit: 5 }],
      ["POST", "/api/v1/db/collections/orders/count", app_, [], {}],
      [
        "GET",
        "/api/v1/db/collections/orders/events",
        {},
        ["key", "app", "token", "lastEventId", "query"],
      ],
      ["GET", `/api/v1/db/files/${crypto.randomUUID()}.png`, {}, ["v"]],
      ["GET", owned, console_, []],
      ["GET", `${owned}/orders/documents`, console_, ["limit", "cursor"]],
      ["POST", `${owned}/orders/documents`, console_, [], { item: "x" }],
      ["GET", `${owned}/orders/documents/${doc.id}`, console_, []],
      ["POST", `${owned}/orders/query`, console_, [], { limit: 5 }],
      ["POST", `${owned}/orders/count`, console_, [], {}],
      ["PATCH", `${owned}/orders/documents/${doc.id}`, console_, ["ifVersion"], { item: "x" }],
      ["PUT", `${owned}/orders/documents/${doc.id}`, console_, ["ifVersion"], { item: "x" }],
      ["DELETE", `${owned}/orders/documents/${doc.id}`, console_, ["ifVersion"]],
    ];
    for (const [method, path, headers, allowed, payload] of routes) {
      for (const [query, names] of [
        ["where=status%3D%3Dopen", ["where"]],
        ["status=open", ["status"]],
        ["order=asc&orderBy=createdAt", ["order", "orderBy"]],
      ] as const) {
        const res = await app.inject({
          method: method as "GET",
          url: `${path}?${query}`,
          headers: { ...headers, ...(method === "GET" ? {} : { origin: TEST_ORIGIN }) },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect({ method, path, query, status: res.statusCode, answer: res.json() }).toEqual({
          method,
          path,
          query,
          status: 400,
          answer: { code: "VALIDATION", message: DataTexts.unknownQuery(names, allowed) },
        });
      }
    }
    expect(await read(key, "orders", doc.id)).toEqual(doc);
    // Every data route declares the parameters it reads (a strict schema), the ones above and
    // any added since.
    const dataRoutes = app.routes.filter(
      (route) =>
        route.url.startsWith("/api/v1/db/") || route.url.startsWith("/api/projects/:id/data/"),
    );
    expect(dataRoutes.length).toBeGreaterThanOrEqual(routes.length);
    for (const route of dataRoutes) {
      // The CORS preflight reads no parameters and answers with headers only.
      if (route.method === "OPTIONS") continue;
      expect(route.schema?.querystring, `${route.method} ${route.url}`).toBeDefined();
    }
  });
});

describe("a browser app on another origin", () => {
  it("may send PATCH and PUT (the CORS preflight allows them)", async () => {
    const res = await app.inject({
      method: "OPTIONS",
      url: url("orders", `/${crypto.randomUUID()}`),
      headers: {
        origin: "http://localhost:5173",
        "access-control-request-method": "PATCH",
        "access-control-request-headers": "authorization, content-type",
      },
    });
    expect(res.statusCode).toBe(204);
    const allowed = String(res.headers["access-control-allow-methods"]).split(", ");
    expect(allowed).toEqual(expect.arrayContaining(["PATCH", "PUT", "DELETE"]));
  });
});

describe("the owner's writes in the console", () => {
  it("update and set the project's documents; another user gets 404", async () => {
    const { project, key } = await projectWithKey();
    const doc = await added(key, "orders", { item: "Tea", n: 1 });
    const path = `/api/projects/${project.id}/data/collections/orders/documents/${doc.id}`;
    const headers = { ...authed(owner.cookie), origin: TEST_ORIGIN };
    const patched = await app.inject({
      method: "PATCH",
      url: `${path}?ifVersion=1`,
      headers,
      payload: { n: { $op: "increment", by: 1 } },
    });
    expect(patched.json()).toMatchObject({ item: "Tea", n: 2, version: 2 });
    const stale = await app.inject({
      method: "PUT",
      url: `${path}?ifVersion=1`,
      headers,
      payload: { item: "Coffee" },
    });
    expect(stale.json()).toEqual({ code: "CONFLICT", message: DataTexts.versionConflict });
    const put = await app.inject({
      method: "PUT",
      url: path,
      headers,
      payload: { item: "Coffee" },
    });
    expect(put.json()).toEqual({
      id: doc.id,
      createdAt: doc.createdAt,
      updatedAt: expect.any(String),
      version: 3,
      item: "Coffee",
    });
    const stranger = await createTestUser(app);
    for (const method of ["PATCH", "PUT"] as const) {
      const res = await app.inject({
        method,
        url: path,
        headers: { ...authed(stranger.cookie), origin: TEST_ORIGIN },
        payload: { item: "Stolen" },
      });
      expect(res.statusCode).toBe(404);
    }
    expect(await read(key, "orders", doc.id)).toEqual(put.json());
  });
});

describe("live", () => {
  it("sends a written document to the collection's viewers as document-modified, whole", async () => {
    const { key } = await projectWithKey();
    const doc = await added(key, "notes", { text: "a" });
    const abort = new AbortController();
    const response = await fetch(
      `${base}/api/v1/db/collections/notes/events?key=${encodeURIComponent(key)}`,
      { signal: abort.signal },
    );
    expect(response.status).toBe(200);
    const events: Array<{ type: string; data: unknown }> = [];
    const reading = (async () => {
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as ReadableStream<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const type = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (type) events.push({ type, data: data ? JSON.parse(data) : null });
          }
        }
      } catch (error) {
        if (!abort.signal.aborted) throw error;
      }
    })();
    try {
      await expect.poll(() => events.map((event) => event.type)).toContain("ready");
      const written = (
        await request(key, "PATCH", url("notes", `/${doc.id}`), { text: "b", done: true })
      ).json();
      await expect
        .poll(() => events.filter((event) => event.type !== "ready"))
        .toEqual([{ type: "document-modified", data: written }]);
    } finally {
      abort.abort();
      await reading;
    }
  });
});
