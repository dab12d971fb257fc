import { type DocumentQueryInput, parseDocumentQuery } from "@hybridge/shared/data/query";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OracleDocument, runQuery } from "../../../test/query-oracle";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { authed, createTestProject } from "../projects/test-support";

// Hostile text at every part of a query (field, op, value, orderBy, cursor, limit): each answer
// is a 400 with one of our messages, or the right documents of the caller's own collection —
// nothing run, nothing of another project's, no SQL error text.

let app: TestApp;
let key: string;
const mine: OracleDocument[] = [];
const theirs: string[] = [];

const HOSTILE = [
  "'",
  '"',
  "\\",
  "\\'",
  "'; drop table documents; --",
  "x' or '1'='1",
  ") or true --",
  "->>",
  "#>",
  "#>> '{}'",
  "$1",
  "$1::jsonb",
  "/* */",
  "%s",
  "{}",
  '{"a":1}',
  "é😀\u202e\uffff",
  "a\u0000b",
];

async function projectKey(cookie: string) {
  const project = await createTestProject(app, cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(cookie),
  });
  return settings.json().settings.databaseKey as string;
}

const add = async (bearer: string, data: Record<string, unknown>) => {
  const added = await app.inject({
    method: "POST",
    url: "/api/v1/db/collections/orders/documents",
    headers: { authorization: `Bearer ${bearer}` },
    payload: data,
  });
  expect(added.statusCode).toBe(201);
  return added.json();
};

const tableCount = async () => {
  const rows = await app.deps.db.execute(
    sql`select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
  );
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return (list[0] as { n: number }).n;
};
const documentCount = async () => {
  const rows = await app.deps.db.execute(sql`select count(*)::int as n from documents`);
  const list = Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows;
  return (list[0] as { n: number }).n;
};

beforeAll(async () => {
  app = await createTestApp({ env: { DATA_RATE_LIMIT_PER_MINUTE: "1000000" } });
  const owner = await createTestUser(app);
  key = await projectKey(owner.cookie);
  const other = await projectKey(owner.cookie);
  for (const [index, text] of HOSTILE.filter((t) => !t.includes("\u0000")).entries()) {
    const data = { name: text, [text]: index, tags: [text, index], nested: { [text]: text } };
    const added = await add(key, data);
    mine.push({ id: added.id, data, createdAt: "", updatedAt: "" });
    theirs.push((await add(other, { name: text, secret: true, [text]: index })).id);
  }
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

const query = (body: unknown, route = "query") =>
  app.inject({
    method: "POST",
    url: `/api/v1/db/collections/orders/${route}`,
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });

/** A value nested `levels` deep, as JSON text (no JSON.stringify would survive 1,000 levels). */
const nested = (levels: number, inner = "1") =>
  `${"[".repeat(levels)}${inner}${"]".repeat(levels)}`;

const SQL_WORDS =
  /syntax|relation|column|operator|jsonb|postgres|pglite|drizzle|select |where |invalid input/i;

describe("a query's parts reach SQL as parameters only", () => {
  it("answers hostile fields, ops, values, orders and cursors with 400 or the right documents", async () => {
    const tables = await tableCount();
    const rows = await documentCount();
    const bodies: unknown[] = [];
    for (const text of HOSTILE) {
      bodies.push(
        { where: [{ field: text, op: "==", value: 1 }] },
        { where: [{ field: [text], op: "==", value: 1 }] },
        { where: [{ field: ["nested", text], op: "==", value: text }] },
        { where: [{ field: "name", op: text, value: 1 }] },
        { where: [{ field: "name", op: "==", value: text }] },
        { where: [{ field: "name", op: "!=", value: text }] },
        { where: [{ field: "name", op: ">=", value: text }] },
        { where: [{ field: "name", op: "in", value: [text, "x"] }] },
        { where: [{ field: "tags", op: "array-contains", value: text }] },
        { where: [{ field: "tags", op: "array-contains-any", value: [text, { [text]: text }] }] },
        { where: [{ field: "id", op: "==", value: text }] },
        { where: [{ field: "createdAt", op: "<", value: text }] },
        { orderBy: [{ field: text, direction: "asc" }] },
        { orderBy: [{ field: "name", direction: text }] },
        { after: text },
        { after: Buffer.from(text).toString("base64url") },
        { limit: text },
        { [text]: 1 },
      );
    }
    // 1,000 levels at every part.
    const deep = nested(1000);
    const raw = [
      `{"where":[{"field":${deep},"op":"==","value":1}]}`,
      `{"where":[{"field":"name","op":${deep},"value":1}]}`,
      `{"where":[{"field":"name","op":"==","value":${deep}}]}`,
      `{"where":[{"field":"name","op":"in","value":${deep}}]}`,
      `{"orderBy":[{"field":${deep},"direction":"asc"}]}`,
      `{"after":${deep}}`,
      `{"limit":${deep}}`,
      `{"where":${deep}}`,
    ];
    const deepPath = Array.from({ length: 1000 }, () => "a");
    bodies.push(
      { where: [{ field: deepPath.join("."), op: "==", value: 1 }] },
      { where: [{ field: deepPath, op: "==", value: 1 }] },
      { orderBy: [{ field: deepPath, direction: "asc" }] },
      { after: Buffer.from(nested(1000, '"x"')).toString("base64url") },
      {
        after: Buffer.from(
          JSON.stringify([[["createdAt", "desc"]], [nested(1000)], crypto.randomUUID()]),
        ).toString("base64url"),
      },
    );

    let matched = 0;
    for (const body of [...bodies, ...raw]) {
      for (const route of ["query", "count"]) {
        const answer = await query(body, route);
        const label = `${route} ${typeof body === "string" ? body.slice(0, 80) : JSON.stringify(body)}`;
        expect([200, 400], label).toContain(answer.statusCode);
        const json = answer.json();
        const read =
          typeof body === "string" ? null : parseDocumentQuery(body as DocumentQueryInput);
        if (answer.statusCode === 400) {
          expect(json.code, label).toBe("VALIDATION");
          if (read?.issues && !JSON.stringify(body).includes("\\u0000")) {
            // The parser's own message (it may quote the field it refuses).
            expect(json.message, label).toBe(read.issues[0]?.message);
          } else {
            // Refused before the parser: nesting, or a character never stored.
            expect(json.message, label).not.toMatch(SQL_WORDS);
          }
          continue;
        }
        if (!read) throw new Error(`accepted ${label}`);
        if (read.issues) throw new Error(`accepted what the parser refuses: ${label}`);
        const expected = runQuery(mine, read.query.filter, read.query.orderBy).map((d) => d.id);
        if (route === "count") {
          expect(json, label).toEqual({ count: expected.length });
        } else {
          const ids = json.documents.map((d: { id: string }) => d.id);
          for (const id of ids) expect(theirs, label).not.toContain(id);
          if (read.query.orderBy.every((k) => k.field.kind === "data")) {
            expect(ids, label).toEqual(expected);
          } else {
            expect([...ids].sort(), label).toEqual([...expected].sort());
          }
        }
        if (expected.length > 0) matched++;
      }
    }
    // Hostile values match the documents that hold them, and nothing else happened.
    expect(matched).toBeGreaterThan(HOSTILE.length * 4);
    expect(await tableCount()).toBe(tables);
    expect(await documentCount()).toBe(rows);
  }, 120_000);
});
