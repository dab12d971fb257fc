import { isAllowedText } from "@hybridge/shared/common/characters";
import {
  DEFAULT_ORDER,
  type DocumentQueryInput,
  type Filter,
  type JsonValue,
  parseDocumentQuery,
  QUERY_OPS,
} from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OracleDocument, runQuery } from "../../../test/query-oracle";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { collectionIndexes, collectionIndexPaths, documents } from "../../platform/db/schema";
import { authed, createTestProject } from "../projects/test-support";
import { forgetPaths, indexedPaths } from "./collection-indexes";
import { pathKey } from "./compile-query";
import { createDocumentPages } from "./document-pages";
import { documentScope, ownerCaller } from "./document-scope";
import {
  countDocuments,
  countStatement,
  pageStatement,
  queryDocuments,
  renderStatement,
  statementShape,
} from "./query-documents";

// The property test of decision 038: random documents (mixed types, missing fields, nested
// paths, arrays, unicode, equal values) and random queries, answered by the server and by the
// oracle (test/query-oracle.ts), compared exactly: the documents, their order, the count, and
// every page read with `after` against the whole answer. QUERY_PROPERTY_RUNS runs more.
const RUNS = Number(process.env.QUERY_PROPERTY_RUNS ?? 200);

let app: TestApp;
let key: string;
let projectId: string;
let ownerId: string;
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_RATE_LIMIT_PER_MINUTE: "10000000" } });
  const owner = await createTestUser(app);
  ownerId = owner.id;
  const project = await createTestProject(app, owner.cookie);
  projectId = project.id;
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  key = settings.json().settings.databaseKey;
  // Another project's documents, in a collection of the same name as every test's: never seen.
  const other = await createTestProject(app, owner.cookie);
  await insert(other.id, "shared", [document({ a: 1 }), document({ a: "x" })]);
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

const TIMES = [
  "2025-12-31T23:59:59.999999Z",
  "2026-01-01T00:00:00.000000Z",
  "2026-01-01T00:00:00.000001Z",
  "2026-01-01T00:00:00.500000Z",
];

function document(data: Record<string, JsonValue>, times = [1, 1]): OracleDocument {
  return {
    id: crypto.randomUUID(),
    // As a client sends it: plain objects (fast-check's have no prototype), -0 written as 0.
    data: JSON.parse(JSON.stringify(data)),
    createdAt: TIMES[times[0] ?? 1] as string,
    updatedAt: TIMES[times[1] ?? 1] as string,
  };
}

async function insert(project: string, collection: string, rows: OracleDocument[]) {
  if (rows.length === 0) return;
  await app.deps.db.insert(documents).values(
    rows.map((row) => ({
      id: row.id,
      projectId: project,
      collection,
      data: row.data,
      size: JSON.stringify(row.data).length,
      createdAt: sql`${row.createdAt}::timestamptz`,
      updatedAt: sql`${row.updatedAt}::timestamptz`,
    })),
  );
}

const post = (collection: string, route: "query" | "count", body: unknown) =>
  app.inject({
    method: "POST",
    url: `/api/v1/db/collections/${collection}/${route}`,
    headers: { authorization: `Bearer ${key}` },
    payload: body as object,
  });

// Values: few enough that documents share them (ties, equal elements), of every JSON type.
const texts = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom("", "a", "b", "B", "é", "e\u0301", "a\nb", "'", "\\") },
  // Where UTF-16 order and code point order differ: U+E000…U+FFFF against astral characters.
  { weight: 2, arbitrary: fc.constantFrom("\ue000", "\uffff", "ｚ", "😀", "😀a", "\u{10ffff}") },
  {
    weight: 1,
    arbitrary: fc
      .string({ unit: "binary", maxLength: 3 })
      .filter((text) => isAllowedText(text, "multi-line")),
  },
);
const numbers = fc.oneof(
  fc.integer({ min: -2, max: 2 }),
  fc.constantFrom(0.1, 0.5, -1e-7, 1e21, 5e-324, Number.MAX_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);
const scalars = fc.oneof(fc.constantFrom<JsonValue>(null, true, false), numbers, texts);
const values: fc.Arbitrary<JsonValue> = fc.oneof(
  { weight: 6, arbitrary: scalars },
  { weight: 2, arbitrary: fc.array(scalars, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.array(fc.array(scalars, { maxLength: 2 }), { maxLength: 2 }) },
  { weight: 1, arbitrary: fc.record({ x: scalars, y: scalars }, { requiredKeys: [] }) },
);
const data = fc.record(
  {
    a: values,
    b: values,
    c: fc.oneof({ weight: 4, arbitrary: texts }, scalars),
    n: fc.oneof(values, fc.record({ x: values, y: scalars }, { requiredKeys: [] })),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, JsonValue>>;
const documentsArb = fc.array(
  fc.tuple(data, fc.nat(3), fc.nat(3)).map(([d, c, u]) => document(d, [c, u])),
  { maxLength: 24 },
);

const FIELDS = [
  ...["a", "b", "c", "c", "c", "n", "n.x", "n.y", "a.x", "zz", ["n", "x"]],
  ...["id", "createdAt", "updatedAt"],
];
const fields = fc.constantFrom<string | string[]>(...FIELDS);
/** A condition's value, chosen once the documents are known (ids) and the field is. */
type ValueSeed = {
  json: JsonValue;
  scalar: JsonValue;
  list: JsonValue[];
  pick: number;
  time: number;
  asIs: boolean;
};
const valueSeeds = fc.record({
  json: values,
  scalar: fc.oneof(numbers, texts, fc.boolean()),
  list: fc.array(values, { minLength: 1, maxLength: 4 }),
  pick: fc.nat(),
  time: fc.nat(TIMES.length + 1),
  // Now and then the value as generated, whatever the field and op: refusals are tried too.
  asIs: fc.nat(4).map((n) => n === 0),
});
const conditions = fc.record({
  field: fields,
  op: fc.oneof({ weight: 20, arbitrary: fc.constantFrom(...QUERY_OPS) }, fc.constant("~")),
  seed: valueSeeds,
});
const queries = fc.record({
  where: fc.array(conditions, { maxLength: 3 }),
  orderBy: fc.array(fc.record({ field: fields, direction: fc.constantFrom("asc", "desc") }), {
    maxLength: 3,
  }),
  pageSize: fc.integer({ min: 1, max: 4 }),
});

function serverValue(field: string | string[], seed: ValueSeed, all: OracleDocument[]) {
  const times = [...TIMES, "2026-01-01T01:00:00+01:00", "2026-01-01T00:00:00.5Z"];
  if (field === "id") {
    const id = all.length > 0 ? (all[seed.pick % all.length] as OracleDocument).id : "x";
    return seed.time === 0 ? id.toUpperCase() : id;
  }
  return times[seed.time % times.length] as string;
}

/** A generated query as an HTTP body (its values picked now that the documents are known). */
function bodyOf(query: GeneratedQuery, all: OracleDocument[]): DocumentQueryInput {
  const where = query.where.map(({ field, op, seed }) => {
    const isServer = typeof field === "string" && ["id", "createdAt", "updatedAt"].includes(field);
    const list = ["in", "not-in", "array-contains-any"].includes(op);
    const range = ["<", "<=", ">", ">="].includes(op) && !seed.asIs;
    let value: unknown = list ? seed.list : range ? seed.scalar : seed.json;
    if (isServer && !seed.asIs) {
      const one = serverValue(field, seed, all);
      value = list
        ? [one, serverValue(field, { ...seed, pick: seed.pick + 1, time: seed.time + 1 }, all)]
        : one;
    }
    return { field, op, value } as DocumentQueryInput["where"] extends (infer C)[] | undefined
      ? C
      : never;
  });
  return { where, orderBy: query.orderBy as DocumentQueryInput["orderBy"] };
}

type GeneratedCondition = { field: string | string[]; op: string; seed: ValueSeed };
type GeneratedQuery = {
  where: GeneratedCondition[];
  orderBy: { field: string | string[]; direction: "asc" | "desc" }[];
  pageSize: number;
};

/** The data paths of FIELDS, as a declared index reads them. */
const DATA_PATHS = [["a"], ["b"], ["c"], ["n"], ["n", "x"], ["n", "y"], ["a", "x"], ["zz"]];

/**
 * Half the collections have every data path of FIELDS in a ready declared index (decision
 * 065): their documents hold the paths' values in `indexed` too (written by the trigger, as the
 * documents are inserted after the paths), and their queries read them there. No index is
 * built: what is compared is the answer, read from `indexed` instead of `data`.
 */
async function declareEveryPath(collection: string) {
  await app.deps.db
    .insert(collectionIndexPaths)
    .values(DATA_PATHS.map((path) => ({ projectId, collection, key: pathKey(path), path })));
  await app.deps.db.insert(collectionIndexes).values({
    projectId,
    collection,
    fields: DATA_PATHS.map((path) => ({ field: path, mode: "==" as const })),
    key: collection,
    status: "ready",
  });
  forgetPaths(app.deps.db, projectId);
}

let collections = 0;
/** The documents with ids of their own: a shrinking run reuses the values of a failed one. */
const fresh = (all: OracleDocument[]) => all.map((d) => ({ ...d, id: crypto.randomUUID() }));

/**
 * A statement's text is kept per shape (query-documents.ts): its parameters, read by a walk of
 * its tree, must be Drizzle's own, in the same order, and the kept text Drizzle's.
 */
const dialect = new PgDialect({ casing: "snake_case" });
function expectRenderedAsDrizzle(statement: SQL) {
  const rendered = dialect.sqlToQuery(statement);
  expect(statementShape(statement)?.params).toEqual(rendered.params);
  const drizzle = { sql: rendered.sql, params: rendered.params };
  // The first time (kept then, or already kept), and from what was kept.
  expect({ ...renderStatement(statement), typings: undefined }).toEqual(drizzle);
  expect({ ...renderStatement(statement), typings: undefined }).toEqual(drizzle);
}

describe("documents queries", () => {
  it("answer random queries as the oracle does: documents, order, count and every page", async () => {
    let asked = 0;
    await fc.assert(
      fc.asyncProperty(
        documentsArb,
        fc.array(queries, { minLength: 1, maxLength: 8 }),
        async (generatedDocuments, generated) => {
          const all = fresh(generatedDocuments);
          const collection = `c${++collections}`;
          const declared = collections % 2 === 0;
          if (declared) await declareEveryPath(collection);
          await insert(projectId, collection, all);
          const indexed = await indexedPaths(app.deps.db, projectId, collection);
          expect(indexed.size).toBe(declared ? DATA_PATHS.length : 0);
          for (const query of generated) {
            const body = bodyOf(query, all);
            const read = parseDocumentQuery(body);
            const answer = await post(collection, "query", { ...body, limit: 500 });
            if (read.issues) {
              expect(answer.statusCode).toBe(400);
              expect(answer.json()).toEqual({
                code: "VALIDATION",
                message: read.issues[0]?.message,
              });
              continue;
            }
            asked++;
            const where = documentScope(ownerCaller(ownerId, projectId), collection);
            expectRenderedAsDrizzle(pageStatement(where, read.query, indexed));
            expectRenderedAsDrizzle(countStatement(where, read.query, indexed));
            const expected = runQuery(all, read.query.filter, read.query.orderBy).map((d) => d.id);
            expect(answer.statusCode).toBe(200);
            expect(answer.json().documents.map((d: { id: string }) => d.id)).toEqual(expected);
            expect(answer.json().nextCursor).toBeNull();
            const count = await post(collection, "count", { where: body.where });
            expect(count.json()).toEqual({ count: expected.length });

            const paged: string[] = [];
            let after: string | undefined;
            for (let page = 0; page <= expected.length; page++) {
              const next = await post(collection, "query", {
                ...body,
                limit: query.pageSize,
                ...(after ? { after } : {}),
              });
              expect(next.statusCode).toBe(200);
              paged.push(...next.json().documents.map((d: { id: string }) => d.id));
              after = next.json().nextCursor ?? undefined;
              if (!after) break;
              const cursor = parseDocumentQuery({ ...body, limit: query.pageSize, after });
              if (!cursor.issues) {
                expectRenderedAsDrizzle(pageStatement(where, cursor.query, indexed));
              }
            }
            expect(paged).toEqual(expected);
          }
        },
      ),
      { numRuns: RUNS },
    );
    // Most generated queries are valid ones (about 4 a run), the rest refusals.
    expect(asked).toBeGreaterThan(RUNS * 2);
  }, 600_000);

  it("answers and/or trees (as access rules will write them) as the oracle does", async () => {
    const scope = (collection: string) =>
      documentScope(ownerCaller(ownerId, projectId), collection);
    const view = { filesBase: "http://localhost:3000/api/v1/db/files" };
    const leaves = fc.record({
      field: fields,
      op: fc.constantFrom(...QUERY_OPS),
      seed: valueSeeds,
    });
    const trees: fc.Arbitrary<{ kind: "and" | "or"; children: unknown[] }> = fc.letrec((tie) => ({
      tree: fc.record({
        kind: fc.constantFrom<"and" | "or">("and", "or"),
        children: fc.array(fc.oneof(leaves, tie("tree")), { maxLength: 3 }),
      }),
    })).tree as never;
    await fc.assert(
      fc.asyncProperty(
        documentsArb,
        fc.array(trees, { minLength: 1, maxLength: 4 }),
        async (generatedDocuments, generated) => {
          const all = fresh(generatedDocuments);
          const collection = `t${++collections}`;
          await insert(projectId, collection, all);
          for (const tree of generated) {
            const toFilter = (node: unknown): Filter | null => {
              const branch = node as { kind?: string; children?: unknown[] };
              if (branch.kind === "and" || branch.kind === "or") {
                const filters = (branch.children ?? []).map(toFilter).filter((f) => f !== null);
                return { kind: branch.kind, filters };
              }
              const leaf = node as GeneratedCondition;
              const [condition] =
                bodyOf({ where: [leaf], orderBy: [], pageSize: 1 }, all).where ?? [];
              const read = parseDocumentQuery({ where: [condition] });
              return read.issues ? null : read.query.filter;
            };
            const filter = toFilter(tree);
            const order = DEFAULT_ORDER;
            const page: DocumentsResponse = JSON.parse(
              await queryDocuments({
                db: app.deps.db,
                scope: scope(collection),
                query: { filter, orderBy: order, limit: 500, after: null },
                view,
              }),
            );
            expect(page.documents.map((d) => d.id)).toEqual(
              runQuery(all, filter, order).map((d) => d.id),
            );
          }
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  }, 600_000);

  it("pages without a duplicate or a skip while documents are added and deleted", async () => {
    const changes = fc.array(
      fc.record({
        add: fc.array(data, { maxLength: 2 }),
        remove: fc.array(fc.nat(), { maxLength: 2 }),
      }),
      { maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(
        documentsArb,
        queries,
        changes,
        async (generatedDocuments, query, between) => {
          const all = fresh(generatedDocuments);
          const collection = `s${++collections}`;
          await insert(projectId, collection, all);
          const body = bodyOf(query, all);
          const read = parseDocumentQuery(body);
          if (read.issues) return;
          const present = new Map(all.map((d) => [d.id, d]));
          const removed = new Set<string>();
          const paged: string[] = [];
          let after: string | undefined;
          for (let page = 0; ; page++) {
            const next = await post(collection, "query", {
              ...body,
              limit: query.pageSize,
              ...(after ? { after } : {}),
            });
            expect(next.statusCode).toBe(200);
            paged.push(...next.json().documents.map((d: { id: string }) => d.id));
            after = next.json().nextCursor ?? undefined;
            if (!after) break;
            // Between pages: documents added anywhere in the order, others deleted.
            const change = between[page % Math.max(between.length, 1)];
            const added = fresh((change?.add ?? []).map((d) => document(d, [page % 4, 0])));
            await insert(projectId, collection, added);
            for (const d of added) present.set(d.id, d);
            for (const index of change?.remove ?? []) {
              const ids = [...present.keys()];
              const id = ids[index % Math.max(ids.length, 1)];
              if (!id) continue;
              await app.deps.db.execute(sql`delete from documents where id = ${id}::uuid`);
              present.delete(id);
              removed.add(id);
            }
          }
          expect(new Set(paged).size).toBe(paged.length);
          // Every document there from the first page to the last is read once, in the order.
          const kept = runQuery(
            all.filter((d) => !removed.has(d.id)),
            read.query.filter,
            read.query.orderBy,
          ).map((d) => d.id);
          const keptSet = new Set(kept);
          expect(paged.filter((id) => keptSet.has(id))).toEqual(kept);
        },
      ),
      { numRuns: Math.ceil(RUNS / 2) },
    );
  }, 600_000);
});

describe("a count remembered while its collection is unchanged (decision 064)", () => {
  it("answers from the cache until a write of its collection, per filter and per collection", async () => {
    const pages = createDocumentPages({ heard: async () => true });
    const caller = ownerCaller(ownerId, projectId);
    const scope = documentScope(caller, "counted");
    const otherScope = documentScope(caller, "counted-too");
    const parsed = (value: string) => {
      const read = parseDocumentQuery({ where: [{ field: "s", op: "==", value }] });
      if (!("query" in read)) throw new Error("the query did not parse");
      return read.query;
    };
    const open = parsed("open");
    const shut = parsed("shut");
    const count = (query: typeof open, of = scope) =>
      countDocuments({ db: app.deps.db, pages, scope: of, query }).then((r) => r.count);
    await insert(projectId, "counted", [document({ s: "open" }), document({ s: "shut" })]);
    await insert(projectId, "counted-too", [document({ s: "open" })]);
    // Kept from their second asking (document-pages.ts).
    for (let asked = 0; asked < 2; asked++) {
      expect(await count(open)).toBe(1);
      expect(await count(shut)).toBe(1);
      expect(await count(open, otherScope)).toBe(1);
    }

    // Written behind the service's back: the remembered counts answer (the change feed, which
    // would void them, is not running here).
    await insert(projectId, "counted", [document({ s: "open" })]);
    expect(await count(open)).toBe(1);
    // A write of another collection voids nothing here.
    pages.changed(otherScope.key);
    expect(await count(open)).toBe(1);
    // A write of this one voids its counts, every filter's.
    pages.changed(scope.key);
    expect(await count(open)).toBe(2);
    expect(await count(shut)).toBe(1);
    expect(await count(open)).toBe(2);
    expect(pages.held.pages).toBeGreaterThan(0);

    // Nothing is remembered with a bound of 0 (DATA_CACHE_MB=0).
    const none = createDocumentPages({ heard: async () => true, maxBytes: 0 });
    const uncached = () =>
      countDocuments({ db: app.deps.db, pages: none, scope, query: open }).then((r) => r.count);
    expect(await uncached()).toBe(2);
    expect(await uncached()).toBe(2);
    await insert(projectId, "counted", [document({ s: "open" })]);
    expect(await uncached()).toBe(3);
    expect(none.held).toEqual({ pages: 0, bytes: 0 });
  });
});
