import { ErrorCodes } from "@hybridge/shared/common/errors";
import { MAX_JSON_DEPTH } from "@hybridge/shared/common/json";
import { CharacterTexts, JsonTexts } from "@hybridge/shared/common/texts";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { InjectOptions, RouteOptions } from "fastify";
import { serializerCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { $ZodType, safeParse } from "zod/v4/core";
import { type FormPart, multipart } from "../test/multipart";
import { ROUTE_FIXTURES } from "../test/route-fixtures";
import type { RequestParts, RouteFixture } from "../test/route-fixtures/fixture";
import { createSeed, type Seed } from "../test/route-fixtures/seed";
import { storedFileKeys } from "../test/seed";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../test/test-app";
import * as schema from "./platform/db/schema";

/**
 * Tests generated from the route table: every route of the real app (collected as registered,
 * test/test-app.ts), each with a valid request from test/route-fixtures.ts (one file per feature
 * under test/route-fixtures/).
 * - Every declared error answer accepts the one error shape.
 * - Bad input, one field at a time (every field of the body, query, path and multipart form,
 *   plus fields the route does not take), signed in and signed out: never a 5xx, every
 *   failure `{ code, message }`, nothing stored on a 4xx (the rows of every table and the
 *   files under DATA_DIR/files are the same before and after), the characters of
 *   docs/decisions/017-input-characters.md refused naming the field. Also: JSON nested too deep
 *   (decision 036), in a body or a form's JSON field, and escapes in the latter; dates that do
 *   not exist (a list's cursor); parts of a form that name no field, file names holding a
 *   character never stored, and the files a fixture lists as refused (bundles whose names
 *   collide once unpacked).
 * - Another user naming the owner's private record gets 404; deleting a public record
 *   (comment, store module) someone else wrote gets 403 (decision 010).
 */

let app: TestApp;
beforeAll(async () => {
  // The corpus creates a project with every valid variant of the form: far more than an
  // account's limit (decision 035), which quotas.test.ts and project-usage.test.ts cover.
  app = await createTestApp({ env: { MAX_PROJECTS_PER_USER: "100000" } });
});
afterAll(async () => {
  await app?.cleanup();
});

type Endpoint = { key: string; method: string; url: string; route: RouteOptions };

/** Every method and URL of the app. HEAD is left out: Fastify answers it as its GET. */
function endpoints(): Endpoint[] {
  return app.routes.flatMap((route) => {
    const all = Array.isArray(route.method);
    const methods = all ? (route.method as string[]) : [route.method as string];
    return methods
      .filter((method) => method !== "HEAD")
      .map((method) => ({
        key: all ? `* ${route.url}` : `${method} ${route.url}`,
        method,
        url: route.url,
        route,
      }));
  });
}

function fixtureOf(endpoint: Endpoint): RouteFixture {
  const fixture = ROUTE_FIXTURES[endpoint.key];
  if (!fixture) throw new Error(`no fixture for ${endpoint.key} in test/route-fixtures/`);
  return fixture;
}

describe("the route table", () => {
  it("has a fixture for every route, and a route for every fixture", () => {
    const keys = new Set(endpoints().map((endpoint) => endpoint.key));
    expect(
      [...keys].filter((key) => !ROUTE_FIXTURES[key]),
      "routes without a fixture",
    ).toEqual([]);
    expect(
      Object.keys(ROUTE_FIXTURES).filter((key) => !keys.has(key)),
      "fixtures without a route",
    ).toEqual([]);
  });

  it("declares error answers that accept { code, message }", async () => {
    const error = { code: ErrorCodes.VALIDATION, message: "name: is required" };
    let declared = 0;
    for (const route of app.routes) {
      const responses = (route.schema?.response ?? {}) as Record<string, unknown>;
      for (const [status, responseSchema] of Object.entries(responses)) {
        if (!/^[45]/.test(status)) continue;
        declared += 1;
        const serialize = serializerCompiler({
          schema: responseSchema as $ZodType,
          method: String(route.method),
          url: route.url,
          httpStatus: status,
        });
        expect(JSON.parse(serialize(error)), `${route.method} ${route.url} ${status}`).toEqual(
          error,
        );
      }
    }
    // The functions declare their own error answers (spec section 7's fields).
    expect(declared).toBeGreaterThanOrEqual(2);

    // The answer that was a 500 FST_ERR_RESPONSE_SERIALIZATION (issue 10).
    const seed = await createSeed(app);
    const refused = await app.inject({
      method: "POST",
      url: "/api/functions/decrypt",
      headers: { origin: TEST_ORIGIN, cookie: seed.owner.cookie },
      payload: { texteChiffre: "" },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json()).sort()).toEqual(["code", "message"]);
  });
});

/* ---------------------------------------------------------------------------------------- */
/* Cases                                                                                     */

/** A request as the test sends it: path and query already percent-encoded. */
type Shape = {
  path: Record<string, string>;
  query: [string, string][];
  body?: { json: unknown } | { raw: string | Buffer } | { form: [string, string][] };
  files?: FormPart[];
  headers: Record<string, string>;
};

/**
 * What a case must get: `never` — a character that is never stored: 400 naming `field` (or
 * saying `message`);
 * `refused` — a 4xx (a tab or line break in a single-line field); `accepted` — a 2xx (a line
 * break in a multi-line field); `valid` — the fixture's status; `any` — only the rules every
 * answer follows.
 */
type Expectation =
  | { kind: "never"; field: string; message?: string }
  | { kind: "refused" }
  | { kind: "accepted" }
  | { kind: "valid"; status: number | undefined }
  | { kind: "any" };

type Case = {
  endpoint: Endpoint;
  label: string;
  signedIn: boolean;
  shape: Shape;
  expect: Expectation;
};

const encodeParam = (name: string, value: string) =>
  name === "*" ? value.split("/").map(encodeURIComponent).join("/") : encodeURIComponent(value);

/** Percent-encodes as UTF-8; a lone surrogate as the 3 bytes a careless encoder writes. */
const percentEncode = (text: string) =>
  Array.from(text)
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        const unit = char.charCodeAt(0);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join("");
      }
    })
    .join("");

function baseShape(parts: RequestParts): Shape {
  return {
    path: Object.fromEntries(
      Object.entries(parts.params ?? {}).map(([name, value]) => [name, encodeParam(name, value)]),
    ),
    query: Object.entries(parts.query ?? {}).map(([name, value]) => [
      encodeURIComponent(name),
      encodeURIComponent(value),
    ]),
    body: parts.form
      ? { form: Object.entries(parts.form.fields) }
      : parts.raw
        ? { raw: parts.raw.payload }
        : parts.body
          ? { json: parts.body }
          : undefined,
    files: parts.form?.files,
    headers: {
      ...(parts.raw ? { "content-type": parts.raw.contentType } : {}),
      ...(parts.headers ?? {}),
    },
  };
}

/** Characters that are never stored. `text` for bodies and forms; encoded for path and query. */
const NEVER = [
  { label: "NUL", text: "a\u0000b" },
  { label: "ESC", text: "\u001b[2J" },
  { label: "DEL", text: "a\u007f" },
  { label: "C1 control", text: "a\u0085b" },
  // A multipart body is bytes: a lone surrogate cannot be written in one (see decision 017).
  { label: "lone high surrogate", text: "a\ud800", notInForms: true },
  { label: "lone low surrogate", text: "\udc00b", notInForms: true },
] as const;

/** For the fields a route does not take: checked all the same. */
const EXTRA = NEVER.filter((bad) => bad.label === "NUL" || bad.label === "lone high surrogate");

const singleLineProbes = (base: string) => [
  { label: "trailing line feed", text: `${base}\n` },
  { label: "leading tab", text: `\t${base}` },
  { label: "CRLF", text: `${base}\r\n` },
];

const otherTexts = (base: string) => [
  { label: "empty", text: "" },
  { label: "100 000 characters", text: "a".repeat(100_000) },
  { label: "RTL override", text: `\u202e${base}` },
  { label: "emoji", text: `${base}😀` },
  { label: "negative number", text: "-1" },
  { label: "huge number", text: "1e308" },
  { label: "__proto__", text: "__proto__" },
  // A list's cursor in the right form whose date does not exist (the database cannot read it).
  { label: "impossible date", text: "2024-02-30T00:00:00Z" },
  {
    label: "cursor of an impossible date",
    text: "2024-02-30T00:00:00.000000Z_0b6c4c4e-8f4c-4c7e-9a53-3c2a4c0b1d2e",
  },
];

const wrongTypes = (base: unknown) => [
  { label: "0", value: 0 },
  { label: "-1", value: -1 },
  { label: "1e308", value: 1e308 },
  { label: "2^64", value: 2 ** 64 },
  { label: "1.5", value: 1.5 },
  { label: "true", value: true },
  { label: "false", value: false },
  { label: "null", value: null },
  { label: "[]", value: [] },
  { label: "[value]", value: [base] },
  { label: "{}", value: {} },
  { label: "{ x: value }", value: { x: base } },
];

/** A value nesting objects `levels` deep, built without recursion. */
const nestedValue = (levels: number) => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};
/** The same as JSON text, for depths no JSON.stringify would survive. */
const nestedText = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

/** JSON in a form's text field, whose characters only its parsed value shows. */
const jsonEscapes = [
  { label: "NUL escaped in a value", text: '{"a":"\\u0000"}', field: "a" },
  { label: "NUL escaped in a key", text: '{"\\u0000":1}', field: "\\u0000" },
  { label: "lone surrogate escaped", text: '{"a":"\\ud800"}', field: "a" },
  { label: "ESC escaped, nested", text: '{"a":[{"b":"\\u001b[2J"}]}', field: "a.0.b" },
];

const isJsonObject = (text: string | undefined) => {
  try {
    const value: unknown = JSON.parse(text ?? "");
    return typeof value === "object" && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
};

const METHODS_WITH_BODY = new Set(["POST", "PUT", "PATCH", "DELETE", "QUERY"]);

const shapeKeys = (value: unknown) =>
  value instanceof $ZodType && "shape" in value ? Object.keys(value.shape as object) : [];

function casesFor(endpoint: Endpoint, seed: Seed, signedIn: boolean): Case[] {
  const fixture = fixtureOf(endpoint);
  const routeSchema = (endpoint.route.schema ?? {}) as Record<string, unknown>;
  const sample = fixture.request(seed);
  const isForm = sample.form !== undefined;
  // A raw body (an upload) has no fields: its route's other inputs are still tried.
  const takesBody = METHODS_WITH_BODY.has(endpoint.method) && !isForm && !sample.raw;
  const multiLine = new Set(fixture.multiLine ?? []);
  /** A tab or line break in a body or form field: kept in multi-line text, else refused. */
  const lineBreakIn = (name: string): Expectation =>
    !multiLine.has(name)
      ? { kind: "refused" }
      : signedIn && fixture.valid === undefined
        ? { kind: "accepted" }
        : { kind: "any" };
  const cases: Case[] = [];
  const add = (label: string, expect: Expectation, change: (shape: Shape) => void) => {
    // A request that must never go through whole is sent only where it must be refused.
    if (fixture.valid === "skip" && expect.kind !== "never" && expect.kind !== "refused") return;
    const shape = baseShape(fixture.request(seed));
    // Every request of a method with a body carries one (QUERY must).
    if (takesBody) shape.body ??= { json: {} };
    change(shape);
    cases.push({ endpoint, label, signedIn, shape, expect });
  };

  if (signedIn && fixture.valid !== "skip") {
    add("valid", { kind: "valid", status: fixture.valid }, () => {});
  }

  // The path's parameters (the wildcard's too), as raw percent-encoded text.
  const params = [...endpoint.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? "*");
  for (const name of params) {
    const field = name === "*" ? "path" : name;
    const base = sample.params?.[name] ?? "x";
    const set = (encoded: string) => (shape: Shape) => {
      shape.path[name] = encoded;
    };
    for (const bad of NEVER) {
      // An encoded lone surrogate is not UTF-8: the router refuses the whole path.
      const refusedAs = bad.label.includes("surrogate") ? "path" : field;
      add(
        `path ${name}: ${bad.label}`,
        { kind: "never", field: refusedAs },
        set(percentEncode(bad.text)),
      );
    }
    add(`path ${name}: not UTF-8`, { kind: "never", field: "path" }, set("a%FFb"));
    for (const probe of singleLineProbes(base)) {
      add(
        `path ${name}: ${probe.label}`,
        { kind: "never", field },
        set(encodeParam(name, probe.text)),
      );
    }
    for (const other of otherTexts(base)) {
      add(`path ${name}: ${other.label}`, { kind: "any" }, set(encodeParam(name, other.text)));
    }
  }

  const setQuery = (name: string, encoded: string | string[]) => (shape: Shape) => {
    shape.query = shape.query.filter(([key]) => key !== name);
    for (const value of [encoded].flat()) shape.query.push([name, value]);
  };
  const queryFields = new Set([
    ...shapeKeys(routeSchema.querystring),
    ...Object.keys(sample.query ?? {}),
  ]);
  for (const name of queryFields) {
    const base = sample.query?.[name] ?? "x";
    for (const bad of NEVER) {
      add(
        `query ${name}: ${bad.label}`,
        { kind: "never", field: name },
        setQuery(name, percentEncode(bad.text)),
      );
    }
    add(`query ${name}: not UTF-8`, { kind: "never", field: name }, setQuery(name, "a%FFb"));
    for (const probe of singleLineProbes(base)) {
      add(
        `query ${name}: ${probe.label}`,
        { kind: "never", field: name },
        setQuery(name, percentEncode(probe.text)),
      );
    }
    for (const other of otherTexts(base)) {
      add(
        `query ${name}: ${other.label}`,
        { kind: "any" },
        setQuery(name, percentEncode(other.text)),
      );
    }
    add(`query ${name}: twice`, { kind: "any" }, setQuery(name, [encodeURIComponent(base), "x"]));
  }
  // A query parameter no route takes, and a bad name.
  for (const bad of EXTRA) {
    add(
      `query extra: ${bad.label}`,
      { kind: "never", field: "extra" },
      setQuery("extra", percentEncode(bad.text)),
    );
  }
  add("query name: NUL", { kind: "never", field: "ex\\u0000tra" }, setQuery("ex%00tra", "1"));

  if (takesBody) {
    const base = sample.body ?? {};
    const setBody = (name: string, value: unknown) => (shape: Shape) => {
      shape.body = { json: { ...((shape.body as { json?: object })?.json ?? {}), [name]: value } };
    };
    const bodyFields = new Set([...shapeKeys(routeSchema.body), ...Object.keys(base)]);
    for (const name of bodyFields) {
      const value = base[name];
      const text = typeof value === "string" ? value : "x";
      for (const bad of NEVER) {
        add(`body ${name}: ${bad.label}`, { kind: "never", field: name }, setBody(name, bad.text));
      }
      for (const probe of singleLineProbes(text)) {
        add(`body ${name}: ${probe.label}`, lineBreakIn(name), setBody(name, probe.text));
      }
      for (const other of otherTexts(text)) {
        add(`body ${name}: ${other.label}`, { kind: "any" }, setBody(name, other.text));
      }
      for (const wrong of wrongTypes(value ?? text)) {
        add(`body ${name}: ${wrong.label}`, { kind: "any" }, setBody(name, wrong.value));
      }
      add(
        `body ${name}: ${MAX_JSON_DEPTH + 1} levels deep`,
        { kind: "refused" },
        setBody(name, nestedValue(MAX_JSON_DEPTH)),
      );
    }
    for (const bad of EXTRA) {
      add(
        `body extra: ${bad.label}`,
        { kind: "never", field: "extra" },
        setBody("extra", bad.text),
      );
    }
    add("body key: NUL", { kind: "never", field: "ex\\u0000tra" }, setBody("ex\u0000tra", 1));
    add(
      "body key: nested line feed",
      { kind: "never", field: "a.b\\u000Ac" },
      setBody("a", { "b\nc": 1 }),
    );

    const json = JSON.stringify(base);
    const withFirst = (member: string) =>
      json === "{}" ? `{${member}}` : `{${member},${json.slice(1)}`;
    const setRaw = (raw: string | Buffer) => (shape: Shape) => {
      shape.body = { raw };
    };
    for (const [label, value] of [
      ["array", []],
      ["null", null],
      ["string", "text"],
      ["number", 42],
    ] as const) {
      add(`body: ${label}`, { kind: "any" }, (shape) => {
        shape.body = { json: value };
      });
    }
    // Refused before anything walks it (JSON.stringify ran out of stack at about 4,000).
    add(
      "body: 10 000 arrays deep",
      { kind: "refused" },
      setRaw(`${"[".repeat(10_000)}${"]".repeat(10_000)}`),
    );
    add("body: 5 000 objects deep", { kind: "refused" }, setRaw(nestedText(5000)));
    add("body: __proto__", { kind: "refused" }, setRaw(withFirst('"__proto__":{"polluted":true}')));
    add(
      "body: constructor.prototype",
      { kind: "refused" },
      setRaw(withFirst('"constructor":{"prototype":{"polluted":true}}')),
    );
    add("body: not JSON", { kind: "refused" }, setRaw("{"));
    add("body: empty", { kind: "refused" }, setRaw(""));
    add(
      "body: not UTF-8",
      { kind: "never", field: "body" },
      setRaw(
        Buffer.concat([
          Buffer.from(withFirst('"extra":"')),
          Buffer.from([0xed, 0xa0, 0x80]),
          Buffer.from('"}'),
        ]),
      ),
    );
  }

  if (isForm) {
    const setField = (name: string, value: string) => (shape: Shape) => {
      const fields = (shape.body as { form: [string, string][] }).form.filter(
        ([key]) => key !== name,
      );
      shape.body = { form: [...fields, [name, value]] };
    };
    const textFields = endpoint.route.config?.multipartForm?.textFields ?? [];
    for (const name of textFields) {
      const base = sample.form?.fields[name] ?? "x";
      for (const bad of NEVER) {
        if ("notInForms" in bad) continue;
        add(`form ${name}: ${bad.label}`, { kind: "never", field: name }, setField(name, bad.text));
      }
      for (const probe of singleLineProbes(base)) {
        add(`form ${name}: ${probe.label}`, lineBreakIn(name), setField(name, probe.text));
      }
      for (const other of otherTexts(base)) {
        add(`form ${name}: ${other.label}`, { kind: "any" }, setField(name, other.text));
      }
    }
    // JSON in a field (declared so, or a JSON object in the valid request) is read as a JSON
    // body is: its depth, and the characters it holds once parsed.
    const jsonFields = new Set([
      ...(endpoint.route.config?.multipartForm?.jsonFields ?? []),
      ...textFields.filter((name) => isJsonObject(sample.form?.fields[name])),
    ]);
    for (const name of jsonFields) {
      for (const escaped of jsonEscapes) {
        add(
          `form ${name}: ${escaped.label}`,
          { kind: "never", field: `${name}.${escaped.field}` },
          setField(name, escaped.text),
        );
      }
      for (const levels of [MAX_JSON_DEPTH + 1, 5000]) {
        add(
          `form ${name}: ${levels} levels deep`,
          { kind: "never", field: name, message: JsonTexts.tooDeep(name) },
          setField(name, nestedText(levels)),
        );
      }
    }
    // A part that names no field (before the files, which a route may stop reading after), and
    // a file whose name holds a character never stored.
    const addPart = (part: FormPart) => (shape: Shape) => {
      shape.files = [part, ...(shape.files ?? [])];
    };
    add("form: a field without a name", { kind: "refused" }, addPart({ value: "x" }));
    add(
      "form: a file without a name",
      { kind: "refused" },
      addPart({ filename: "a.bin", data: "x" }),
    );
    for (const file of sample.form?.files ?? []) {
      if (!("filename" in file) || file.name === undefined) continue;
      const field = file.name;
      add(
        `form ${field}: NUL in the file's name`,
        { kind: "never", field, message: CharacterTexts.notAllowedInFileName(field) },
        (shape) => {
          shape.files = (shape.files ?? []).map((part) =>
            part.name === field ? { ...part, filename: "a\u0000b.zip" } : part,
          );
        },
      );
    }
    for (const refused of fixture.refusedFiles?.(seed) ?? []) {
      add(`form: ${refused.label}`, { kind: "refused" }, (shape) => {
        shape.files = refused.files;
      });
    }
    add("form extra: NUL", { kind: "never", field: "extra" }, setField("extra", "a\u0000b"));
    add(
      "form field name: ESC",
      { kind: "never", field: "ex\\u001Btra" },
      setField("ex\u001btra", "1"),
    );
  }
  return cases;
}

/* ---------------------------------------------------------------------------------------- */
/* Sending and checking                                                                      */

let addresses = 0;
/** A new client address per request: the per-address rate limits never answer instead. */
const nextAddress = () => {
  addresses += 1;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

function toInject(c: Case, seed: Seed): InjectOptions {
  const path = c.endpoint.url.replace(
    /:(\w+)|\*/g,
    (_, name?: string) => c.shape.path[name ?? "*"] ?? "",
  );
  const query = c.shape.query.map(([key, value]) => `${key}=${value}`).join("&");
  const headers: Record<string, string> = {
    origin: TEST_ORIGIN,
    ...(c.signedIn ? { cookie: seed.owner.cookie } : {}),
    ...c.shape.headers,
  };
  let payload: string | Buffer | undefined;
  const body = c.shape.body;
  if (body && "form" in body) {
    const form = multipart([
      ...body.form.map(([name, value]) => ({ name, value })),
      ...(c.shape.files ?? []),
    ]);
    Object.assign(headers, form.headers);
    payload = form.payload;
  } else if (body) {
    headers["content-type"] ??= "application/json";
    payload = "raw" in body ? body.raw : JSON.stringify(body.json);
  }
  return {
    method: c.endpoint.method as InjectOptions["method"],
    url: query ? `${path}?${query}` : path,
    headers,
    payload,
    remoteAddress: nextAddress(),
  };
}

const TABLES = Object.values(schema as Record<string, unknown>)
  .filter((table): table is PgTable => is(table, PgTable))
  .map((table) => getTableName(table));
const COUNT_ROWS = sql.raw(
  `select ${TABLES.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(", ")}`,
);

/** What is stored: every table's row count (one query) and the files under DATA_DIR/files. */
async function stored(): Promise<string> {
  const result = await app.deps.db.execute(COUNT_ROWS);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return JSON.stringify({ rows: rows[0], files: storedFileKeys(app).sort() });
}

type Answer = { statusCode: number; body: string; headers: Record<string, unknown> };

function problemsOf(c: Case, res: Answer): string[] {
  const problems: string[] = [];
  const status = res.statusCode;
  if (status >= 500) return [`answered ${status} ${res.body.slice(0, 160)}`];
  if (status >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = undefined;
    }
    const isErrorShape =
      typeof body === "object" &&
      body !== null &&
      Object.keys(body).sort().join() === "code,message" &&
      typeof (body as { code: unknown }).code === "string" &&
      typeof (body as { message: unknown }).message === "string";
    // A route's own declared error answer (the functions' `{ success: false, … }`).
    const declared = (c.endpoint.route.schema?.response as Record<string, unknown> | undefined)?.[
      String(status)
    ];
    const parsed = declared instanceof $ZodType ? safeParse(declared, body) : undefined;
    const isDeclared =
      parsed?.success === true && JSON.stringify(parsed.data) === JSON.stringify(body);
    if (!isErrorShape && !isDeclared) problems.push(`answered ${status} ${res.body.slice(0, 160)}`);
  }
  const refusedOrSignedOut = (expected: number) =>
    status === expected || (!c.signedIn && status === 401);
  const message = () => {
    try {
      return (JSON.parse(res.body) as { message?: unknown }).message;
    } catch {
      return undefined;
    }
  };
  switch (c.expect.kind) {
    case "never": {
      const expected = c.expect.message ?? CharacterTexts.notAllowed(c.expect.field);
      if (!refusedOrSignedOut(400) || (status === 400 && message() !== expected)) {
        problems.push(`expected 400 "${expected}", got ${status} ${res.body.slice(0, 160)}`);
      }
      break;
    }
    case "refused":
      if (!refusedOrSignedOut(400))
        problems.push(`expected 400, got ${status} ${res.body.slice(0, 160)}`);
      break;
    case "accepted":
      if (status >= 300) problems.push(`expected a 2xx, got ${status} ${res.body.slice(0, 160)}`);
      break;
    case "valid": {
      const ok =
        c.expect.status === undefined ? status >= 200 && status < 300 : status === c.expect.status;
      if (!ok) problems.push(`the valid request answered ${status} ${res.body.slice(0, 160)}`);
      break;
    }
    case "any":
      break;
  }
  return problems;
}

const describeCase = (c: Case) =>
  `${c.endpoint.key} — ${c.label} (${c.signedIn ? "signed in" : "signed out"})`;

/** Sends the cases at once: their answers, and whether anything stored changed meanwhile. */
async function send(batch: Case[], seed: Seed) {
  const before = await stored();
  const answers = await Promise.all(batch.map((c) => app.inject(toInject(c, seed))));
  return { answers, changed: (await stored()) !== before };
}

/**
 * When something changed while `batch` was sent, finds whether a refused case stored it: the
 * refused ones are sent again without the ones that succeeded, then in halves, down to one.
 */
async function checkNothingStored(
  batch: Case[],
  sent: Awaited<ReturnType<typeof send>>,
  seed: Seed,
  failures: string[],
) {
  if (!sent.changed) return;
  const refused = batch.filter((_, i) => (sent.answers[i] as Answer).statusCode >= 400);
  if (refused.length === 0) return;
  if (batch.length === 1) {
    failures.push(`${describeCase(batch[0] as Case)}: refused, yet something was stored`);
    return;
  }
  const middle = Math.ceil(refused.length / 2);
  const groups =
    refused.length < batch.length ? [refused] : [refused.slice(0, middle), refused.slice(middle)];
  for (const group of groups) {
    await checkNothingStored(group, await send(group, seed), seed, failures);
  }
}

async function runBatch(batch: Case[], seed: Seed, failures: string[]) {
  const sent = await send(batch, seed);
  batch.forEach((c, i) => {
    for (const problem of problemsOf(c, sent.answers[i] as Answer)) {
      failures.push(`${describeCase(c)}: ${problem}`);
    }
  });
  await checkNothingStored(batch, sent, seed, failures);
}

const BATCH = 32;

/**
 * Runs a route's cases: the valid request first and alone (a case that leaves the path whole
 * may do what it does: delete the record), then the refusals, then the rest.
 */
async function runCases(cases: Case[], seed: Seed, failures: string[]) {
  const valid = cases.filter((c) => c.expect.kind === "valid");
  const refusals = cases.filter((c) => c.expect.kind === "never" || c.expect.kind === "refused");
  const others = cases.filter((c) => !valid.includes(c) && !refusals.includes(c));
  for (const group of [valid, refusals, others]) {
    for (let i = 0; i < group.length; i += BATCH) {
      await runBatch(group.slice(i, i + BATCH), seed, failures);
    }
  }
}

describe("bad input, from the route table", () => {
  it("is refused with a 4xx in our shape and stores nothing, signed in and signed out", async () => {
    const seed = await createSeed(app);
    const failures: string[] = [];
    let sent = 0;
    for (const endpoint of endpoints()) {
      for (const signedIn of [true, false]) {
        const cases = casesFor(endpoint, seed, signedIn);
        sent += cases.length;
        await runCases(cases, seed, failures);
      }
      // A case that ended the owner's session would leave the later ones signed out.
      const session = await app.inject({
        url: "/api/session",
        headers: { cookie: seed.owner.cookie },
      });
      if (session.json().user?.id !== seed.owner.id) {
        failures.push(`${endpoint.key}: a case ended the owner's session; the rest was not run`);
        break;
      }
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(1000);
  }, 300_000);
});

describe("another user's records, from the route table", () => {
  it("answer 404 when private, and 403 to a delete when public (decision 010)", async () => {
    const seed = await createSeed(app);
    const failures: string[] = [];
    let checked = 0;
    for (const endpoint of endpoints()) {
      const fixture = fixtureOf(endpoint);
      if (fixture.access !== "owner" && fixture.access !== "author") continue;
      checked += 1;
      const c: Case = {
        endpoint,
        label: "another user",
        signedIn: true,
        shape: baseShape(fixture.request(seed)),
        expect: { kind: "any" },
      };
      const request = toInject(c, seed);
      request.headers = { ...request.headers, cookie: seed.other.cookie };
      const before = await stored();
      const res = await app.inject(request);
      const expected =
        fixture.access === "owner"
          ? { status: 404, code: ErrorCodes.NOT_FOUND }
          : { status: 403, code: ErrorCodes.FORBIDDEN };
      if (res.statusCode !== expected.status || res.json().code !== expected.code) {
        failures.push(
          `${endpoint.key}: expected ${expected.status}, got ${res.statusCode} ${res.body}`,
        );
      }
      if ((await stored()) !== before) failures.push(`${endpoint.key}: something was stored`);
    }
    expect(failures).toEqual([]);
    // Projects, settings, icons, builds, the test console, files, store integrations; and the
    // two public records.
    expect(checked).toBeGreaterThanOrEqual(18);
  });
});
