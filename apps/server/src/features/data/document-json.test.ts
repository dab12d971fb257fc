import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { jpegBytes } from "../../../test/test-images";
import { documents } from "../../platform/db/schema";
import { authed, createTestProject } from "../projects/test-support";
import {
  type DocumentText,
  documentColumns,
  documentJson,
  documentsPageJson,
  toDocument,
} from "./documents";

const view = { filesBase: "http://localhost:3000/api/v1/db/files" };

/** A document as the answers wrote it before: its object, written out by JSON.stringify. */
const answeredBefore = (row: Parameters<typeof toDocument>[0]) =>
  JSON.parse(JSON.stringify(toDocument(row, view)));

describe("a document's JSON, written from its stored text", () => {
  const stored: DocumentText = {
    id: "0b9f6a1e-7c1d-4b53-9d4e-2f1a3c5b7d90",
    data: '{"a": 1, "b": [1, 2, {"c": "d"}]}',
    createdAt: "2026-11-28T02:42:38.123456Z",
    updatedAt: "2026-11-28T02:43:00.000999Z",
    version: 3,
    fileKey: null,
  };

  it("is the data's fields, then the server's, its times to the millisecond", () => {
    const json = documentJson(stored, view);
    expect(Object.keys(JSON.parse(json))).toEqual([
      "a",
      "b",
      "id",
      "createdAt",
      "updatedAt",
      "version",
    ]);
    expect(JSON.parse(json)).toEqual({
      a: 1,
      b: [1, 2, { c: "d" }],
      id: stored.id,
      createdAt: "2026-11-28T02:42:38.123Z",
      updatedAt: "2026-11-28T02:43:00.000Z",
      version: 3,
    });
  });

  it("has no leading comma for an empty document, and a file's address last", () => {
    const json = documentJson(
      { ...stored, data: "{}", fileKey: "data-files/a1b2.jpg" },
      { filesBase: 'http://x/"files\\' },
    );
    expect(json.startsWith('{"id":')).toBe(true);
    expect(JSON.parse(json)).toEqual({
      id: stored.id,
      createdAt: "2026-11-28T02:42:38.123Z",
      updatedAt: "2026-11-28T02:43:00.000Z",
      version: 3,
      fileUrl: 'http://x/"files\\/a1b2.jpg',
    });
  });

  it("makes a page of documents and its cursor, escaped", () => {
    const one = documentJson(stored, view);
    expect(JSON.parse(documentsPageJson([], null))).toEqual({ documents: [], nextCursor: null });
    expect(JSON.parse(documentsPageJson([one, one], 'a"b\\c'))).toEqual({
      documents: [JSON.parse(one), JSON.parse(one)],
      nextCursor: 'a"b\\c',
    });
  });
});

describe("the reads' answers, written from the database's text", () => {
  let app: TestApp;
  let key: string;
  let projectId: string;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp({ env: { DATA_RATE_LIMIT_PER_MINUTE: "10000" } });
    const owner = await createTestUser(app);
    cookie = owner.cookie;
    const project = await createTestProject(app, cookie);
    projectId = project.id;
    const settings = await app.inject({
      url: `/api/projects/${project.id}/settings`,
      headers: authed(cookie),
    });
    key = settings.json().settings.databaseKey;
  });
  afterAll(async () => {
    await app?.cleanup();
  });

  // Documents that test the text, as sent: escapes, unicode, quotes and backslashes in strings
  // and keys, nesting, numbers PostgreSQL writes in full (1e21, 1e300) or plainly (1.5e-7), -0,
  // integers past a double's precision.
  const tricky = [
    "{}",
    String.raw`{"text": "quote \" backslash \\ slash \/ newline \n tab \t escaped \u00e9 \ud83d\ude00"}`,
    JSON.stringify({
      'key "quoted"': 1,
      "key\\back": 2,
      "clé ünïcødé": "日本語 😀 \u2028 \u2029",
      " ": "a space for a key",
    }),
    JSON.stringify({
      nested: { deeper: { deepest: [1, [2, [3, { four: [] }]], {}] } },
      list: [[], [[]], [{}]],
    }),
    '{"big": 1e21, "small": 1.5e-7, "negativeZero": -0, "huge": 1E300, "tiny": 5e-324, "neg": -0.0}',
    '{"long": 12345678901234567890123, "max": 9007199254740993, "fraction": 0.30000000000000004}',
    '{"flags": [true, false, null], "nothing": null, "10": "number-like key", "2": "another"}',
  ];

  it("answer every document as the parsed objects did, on the get, list and query routes", async () => {
    const headers = { authorization: `Bearer ${key}` };
    const collection = "tricky";
    const added: string[] = [];
    for (const data of tricky) {
      const res = await app.inject({
        method: "POST",
        url: `/api/v1/db/collections/${collection}/documents`,
        headers: { ...headers, "content-type": "application/json" },
        payload: data,
      });
      expect(res.statusCode, res.body).toBe(201);
      added.push(res.json().id);
    }
    // One with a file: its address comes last.
    const form = multipart([
      { name: "data", value: JSON.stringify({ caption: 'a "photo"' }) },
      { name: "file", filename: "p.jpg", contentType: "image/jpeg", data: jpegBytes(8, 8) },
    ]);
    const withFile = await app.inject({
      method: "POST",
      url: `/api/v1/db/collections/${collection}/documents/file`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(withFile.statusCode).toBe(201);
    added.push(withFile.json().id);

    const rows = await app.deps.db
      .select(documentColumns)
      .from(documents)
      .where(and(eq(documents.projectId, projectId), eq(documents.collection, collection)));
    const before = new Map(rows.map((row) => [row.id, answeredBefore(row)]));
    expect(before.size).toBe(added.length);
    expect(before.get(withFile.json().id)?.fileUrl).toBe(withFile.json().fileUrl);

    // The app's routes by its key, the console's by the owner's session.
    const as = (url: string) => (url.startsWith("/api/v1/") ? headers : authed(cookie));
    const same = (answer: Record<string, unknown>) => {
      const old = before.get(answer.id as string);
      expect(answer).toEqual(old);
      // The same fields in the same order, and no -0 where a 0 was answered.
      expect(Object.keys(answer)).toEqual(Object.keys(old));
      expect(JSON.stringify(answer)).toBe(JSON.stringify(old));
    };

    for (const id of added) {
      for (const url of [
        `/api/v1/db/collections/${collection}/documents/${id}`,
        `/api/projects/${projectId}/data/collections/${collection}/documents/${id}`,
      ]) {
        const res = await app.inject({ url, headers: as(url) });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
        same(res.json());
      }
    }
    // Pages of 3: each document once, through the cursors.
    for (const url of [
      `/api/v1/db/collections/${collection}/documents?limit=3`,
      `/api/projects/${projectId}/data/collections/${collection}/documents?limit=3`,
    ]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const path: string = cursor ? `${url}&cursor=${encodeURIComponent(cursor)}` : url;
        const res = await app.inject({ url: path, headers: as(url) });
        expect(res.statusCode).toBe(200);
        const page: DocumentsResponse = res.json();
        for (const one of page.documents) same(one);
        seen.push(...page.documents.map((one) => one.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual([...added].reverse());
    }
    for (const url of [
      `/api/v1/db/collections/${collection}/query`,
      `/api/projects/${projectId}/data/collections/${collection}/query`,
    ]) {
      const res = await app.inject({
        method: "POST",
        url,
        headers: as(url),
        payload: { orderBy: [{ field: "createdAt", direction: "asc" }], limit: 100 },
      });
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.nextCursor).toBeNull();
      for (const one of page.documents) same(one);
      expect(page.documents.map((one: { id: string }) => one.id)).toEqual(added);
    }
  });
});
