import { INDEX_LIMITS } from "@hybridge/shared/data/indexes";
import { parseDocumentQuery } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { IndexTexts, QueryTexts } from "@hybridge/shared/data/texts";
import { parseRule, RULE_ACTIONS } from "@hybridge/shared/rules/expression";
import { eq, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestUser,
  getAs,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { collectionIndexes, projects } from "../../platform/db/schema";
import { authed, createTestProject } from "../projects/test-support";
import {
  indexBuildsSettled,
  indexedPaths,
  indexName,
  quoteLiteral,
  reconcileCollectionIndexes,
} from "./collection-indexes";
import type { ParsedCollectionRules } from "./collection-rules";
import { documentScope, ownerCaller } from "./document-scope";
import {
  countStatement,
  pageStatement,
  QUERY_TOO_SLOW,
  queryDocuments,
  renderStatement,
} from "./query-documents";

// Indexes an owner declares on a collection (decision 041): the routes, the index PostgreSQL
// builds and reads, and what a stopped server or a deleted project leaves behind.

let app: TestApp;
let owner: TestUser;
let projectId: string;
const DOCUMENTS = 20_000;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  projectId = (await createTestProject(app, owner.cookie)).id;
  await app.deps.db.execute(sql`
    insert into documents (project_id, collection, data, size)
    select ${projectId}, 'big', jsonb_build_object(
      'status', (array['open','paid','late','gone','held','sent','void','lost'])[1 + i % 8],
      'price', (i * 7919) % 10000, 'rank', i % 997), 40
    from generate_series(1, ${DOCUMENTS}) i`);
}, 120_000);
afterAll(async () => {
  await indexBuildsSettled();
  await app?.cleanup();
});

const base = (project = projectId) => `/api/projects/${project}/data`;
const declare = (collection: string, fields: unknown, cookie = owner.cookie, project = projectId) =>
  postJson(app, `${base(project)}/collections/${collection}/indexes`, { fields }, cookie);
const list = async (collection: string) =>
  (await getAs(app, `${base()}/collections/${collection}/indexes`, owner.cookie)).json().indexes;
const remove = (collection: string, id: string, cookie = owner.cookie) =>
  app.inject({
    method: "DELETE",
    url: `${base()}/collections/${collection}/indexes/${id}`,
    headers: authed(cookie),
  });

async function rows<T>(query: SQL): Promise<T[]> {
  const result = await app.deps.db.execute(query);
  return ((result as unknown as { rows?: T[] }).rows ?? (result as unknown as T[])) as T[];
}
const indexState = async (id: string) =>
  (
    await rows<{ valid: boolean }>(sql`select i.indisvalid as valid from pg_index i
      join pg_class c on c.oid = i.indexrelid where c.relname = ${indexName(id)}`)
  )[0] ?? null;

const read = (input: unknown) => {
  const parsed = parseDocumentQuery(input);
  if (parsed.issues) throw new Error(parsed.issues[0]?.message);
  return parsed.query;
};
const explain = async (statement: SQLWrapper) =>
  (await rows<{ "QUERY PLAN": string }>(sql`explain ${statement}`))
    .map((row) => row["QUERY PLAN"])
    .join("\n");

/** How a page's documents name their files' address. */
const VIEW = { filesBase: "http://localhost:3000/api/v1/db/files" };

const STATUS_PRICE = [
  { field: "status", mode: "==" },
  { field: "price", mode: "asc" },
];

// The file's steps share the collection "big" and its declarations (declared, then read, then
// declared again, deleted, rebuilt…): in their written order, whatever the suite's random order
// (vitest.config.ts).
describe("collection indexes", { shuffle: false }, () => {
  describe("declaring an index", () => {
    it("answers 202 building, then the index is built and ready", async () => {
      const logged = sql`select count(*)::int as n from document_changes
        where project_id = ${projectId} and collection = 'big'`;
      const [before] = await rows<{ n: number }>(logged);
      const res = await declare("big", STATUS_PRICE);
      expect(res.statusCode).toBe(202);
      const declared = res.json();
      expect(declared).toMatchObject({
        collection: "big",
        status: "building",
        error: null,
        fields: [
          { field: ["status"], mode: "==" },
          { field: ["price"], mode: "asc" },
        ],
      });
      await indexBuildsSettled();
      expect(await list("big")).toEqual([{ ...declared, status: "ready" }]);
      expect(await indexState(declared.id)).toEqual({ valid: true });
      // Decision 065: every document written before holds the index's paths in `indexed`, and
      // that backfill logged no change (the documents did not change: no live event, no id).
      const [held] = await rows<{ n: number }>(sql`select count(*)::int as n from documents
        where project_id = ${projectId} and collection = 'big'
          and indexed = jsonb_build_object('["status"]', data -> 'status', '["price"]', data -> 'price')`);
      expect(held?.n).toBe(DOCUMENTS);
      expect(await rows<{ n: number }>(logged)).toEqual([before]);
      // Built over `indexed` alone: an update of other fields writes no index entry (HOT).
      const [definition] = await rows<{ text: string }>(
        sql`select pg_get_indexdef(${indexName(declared.id)}::regclass) as text`,
      );
      expect(definition?.text).toContain("INCLUDE (indexed)");
      expect(definition?.text).not.toMatch(/\bdata\b/);
    });

    it("keeps `indexed` as each write leaves the data", async () => {
      const added = await postJson(
        app,
        `${base()}/collections/big/documents`,
        { status: "open", price: 5, rank: 1, other: { deep: true } },
        owner.cookie,
      );
      expect(added.statusCode).toBe(201);
      const id = added.json().id as string;
      const indexedOf = async () =>
        (
          await rows<{ indexed: unknown }>(
            sql`select indexed from documents where id = ${id}::uuid`,
          )
        )[0]?.indexed;
      expect(await indexedOf()).toEqual({ '["status"]': "open", '["price"]': 5 });
      const patch = (body: unknown) =>
        app.inject({
          method: "PATCH",
          url: `${base()}/collections/big/documents/${id}`,
          headers: authed(owner.cookie),
          payload: body as object,
        });
      expect((await patch({ rank: 2 })).statusCode).toBe(200);
      expect(await indexedOf()).toEqual({ '["status"]': "open", '["price"]': 5 });
      expect((await patch({ status: "paid", price: null })).statusCode).toBe(200);
      expect(await indexedOf()).toEqual({ '["status"]': "paid", '["price"]': null });
      expect((await patch({ price: { $op: "delete" } })).statusCode).toBe(200);
      expect(await indexedOf()).toEqual({ '["status"]': "paid" });
    });

    it("reads a query of equality and order from the index, in order, and a count", async () => {
      // Vacuumed: a count reads the index alone where the visibility map says all is visible.
      await app.deps.db.execute(sql`vacuum analyze documents`);
      const scope = documentScope(ownerCaller(owner.id, projectId), "big");
      const [declared] = await list("big");
      // The index's paths are read from `indexed` once it is ready (decision 065).
      const indexed = await indexedPaths(app.deps.db, projectId, "big");
      expect([...indexed]).toEqual(['["status"]', '["price"]']);
      const input = {
        where: [{ field: "status", op: "==", value: "open" }],
        orderBy: [{ field: "price", direction: "asc" }],
        limit: 20,
      };
      const query = read(input);
      const page = await explain(pageStatement(scope, query, indexed));
      expect(page).toContain(`Index Scan using ${indexName(declared.id)}`);
      expect(page).not.toMatch(/Sort|Seq Scan/);
      // The next page, after a cursor, reads the same index.
      const first: DocumentsResponse = JSON.parse(
        await queryDocuments({
          db: app.deps.db,
          scope,
          query,
          view: VIEW,
        }),
      );
      expect(first.documents.map((doc) => doc.price)).toEqual(
        [...first.documents.map((doc) => doc.price as number)].sort((a, b) => a - b),
      );
      const next = read({ ...input, after: first.nextCursor });
      expect(await explain(pageStatement(scope, next, indexed))).toContain(indexName(declared.id));
      // Descending reads it backwards.
      const backwards = read({ ...input, orderBy: [{ field: "price", direction: "desc" }] });
      const plan = await explain(pageStatement(scope, backwards, indexed));
      expect(plan).toContain(`Index Scan Backward using ${indexName(declared.id)}`);
      expect(plan).not.toMatch(/Sort|Seq Scan/);
      const count = await explain(countStatement(scope, query, indexed));
      expect(count).toContain(`Index Only Scan using ${indexName(declared.id)}`);
      expect(count).not.toContain("Seq Scan");
    });

    it("reads a ruled caller's condition from the index declared for it", async () => {
      await app.deps.db.execute(sql`
        insert into documents (project_id, collection, data, size)
        select ${projectId}, 'owned', jsonb_build_object('owner', 'u' || (i % 500), 'n', i), 30
        from generate_series(1, 5000) i`);
      const declared = (await declare("owned", [{ field: "owner", mode: "==" }])).json();
      await indexBuildsSettled();
      await app.deps.db.execute(sql`analyze documents`);
      const rules = Object.fromEntries(
        RULE_ACTIONS.map((action) => {
          const parsed = parseRule(action === "list" ? "doc.owner == auth.id" : "false", action);
          if (!parsed.ok) throw new Error("a rule of the test does not parse");
          return [action, parsed.rule];
        }),
      ) as ParsedCollectionRules;
      const auth = { id: "u7", email: "u7@example.test", verified: true };
      const caller = { kind: "user" as const, projectId, keyApp: "", auth, expiresAt: null };
      const indexed = await indexedPaths(app.deps.db, projectId, "owned");
      const scope = documentScope(caller, "owned", rules, indexed);
      const query = read({ limit: 20 });
      const plan = await explain(pageStatement(scope, query, indexed));
      expect(plan).toContain(indexName(declared.id));
      // The rule's condition is the index's own (not a filter over every entry of the index).
      expect(plan).toContain(`Index Cond: ((indexed -> '["owner"]'::text) = '"u7"'::jsonb)`);
      const page: DocumentsResponse = JSON.parse(
        await queryDocuments({
          db: app.deps.db,
          scope,
          query,
          view: VIEW,
        }),
      );
      expect(page.documents).toHaveLength(10);
      expect(page.documents.every((doc) => doc.owner === "u7")).toBe(true);
    });

    // On PostgreSQL queries run on a pool whose statements are prepared (query-documents.ts): a
    // generic plan, which PostgreSQL may choose after five executions, cannot prove the index's
    // predicate; the pool's connections plan each execution with its values.
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      "reads it also as a prepared statement of the query pool, executed many times",
      async () => {
        const queries = app.deps.queries;
        if (!queries) throw new Error("no query pool");
        const scope = documentScope(ownerCaller(owner.id, projectId), "big");
        const [declared] = await list("big");
        const query = read({
          where: [{ field: "status", op: "==", value: "open" }],
          orderBy: [{ field: "price", direction: "asc" }],
          limit: 20,
        });
        const indexed = await indexedPaths(app.deps.db, projectId, "big");
        const { sql: text, params } = renderStatement(pageStatement(scope, query, indexed));
        const literal = (value: unknown) =>
          typeof value === "number" ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
        const values = params.map(literal).join(", ");
        const plans = await queries.db.transaction(async (tx) => {
          const run = async (statement: string) =>
            ((await tx.execute(sql.raw(statement))) as unknown as Record<string, string>[])
              .map((row) => row["QUERY PLAN"])
              .join("\n");
          const mode = await tx.execute(sql`select current_setting('plan_cache_mode') as mode`);
          await run(`prepare page_test as ${text}`);
          for (let i = 0; i < 8; i++) await run(`execute page_test(${values})`);
          const custom = await run(`explain execute page_test(${values})`);
          await run("set local plan_cache_mode = force_generic_plan");
          const generic = await run(`explain execute page_test(${values})`);
          return { mode, custom, generic };
        });
        expect(plans.mode).toEqual([{ mode: "force_custom_plan" }]);
        expect(plans.custom).toContain(`Index Scan using ${indexName(declared.id)}`);
        expect(plans.custom).not.toMatch(/Sort|Seq Scan/);
        // What the setting prevents.
        expect(plans.generic).not.toContain(indexName(declared.id));
      },
    );

    it("refuses a second identical declaration, also when both arrive at once", async () => {
      const again = await declare("big", [
        { field: ["status"], mode: "==" },
        { field: "price", mode: "asc" },
      ]);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ code: "CONFLICT", message: IndexTexts.duplicate });
      const fields = [{ field: "status", mode: "==" }];
      const answers = await Promise.all([declare("big", fields), declare("big", fields)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([202, 409]);
      await indexBuildsSettled();
      expect(await list("big")).toHaveLength(2);
    });

    it("refuses fields it cannot index, each with its own message", async () => {
      const cases: Array<[unknown, string]> = [
        [[], IndexTexts.fieldsList],
        [
          [
            { field: "price", mode: "asc" },
            { field: "status", mode: "==" },
          ],
          IndexTexts.equalityAfterOrder("fields[1].mode"),
        ],
        [[{ field: "price", mode: "up" }], IndexTexts.mode("fields[0].mode")],
        [
          [
            { field: "price", mode: "asc" },
            { field: ["price"], mode: "desc" },
          ],
          IndexTexts.fieldTwice("fields[1].field"),
        ],
        [
          [{ field: "version", mode: "asc" }],
          QueryTexts.fieldNotQueryable("fields[0].field", "version"),
        ],
      ];
      for (const [fields, message] of cases) {
        const res = await declare("big", fields);
        expect({ fields, status: res.statusCode, body: res.json() }).toMatchObject({
          fields,
          status: 400,
          body: { code: "VALIDATION", message },
        });
      }
    });

    it("keeps another user out of the project's indexes (404)", async () => {
      const other = await createTestUser(app);
      const res = await declare("big", [{ field: "price", mode: "desc" }], other.cookie);
      expect(res.statusCode).toBe(404);
      expect((await getAs(app, `${base()}/indexes`, other.cookie)).statusCode).toBe(404);
      const [first] = await list("big");
      expect((await remove("big", first.id, other.cookie)).statusCode).toBe(404);
      expect(await list("big")).toHaveLength(2);
    });

    it(`allows ${INDEX_LIMITS.perProject} indexes per project, then says why not`, async () => {
      const small = (await createTestProject(app, owner.cookie)).id;
      for (let n = 0; n < INDEX_LIMITS.perProject; n++) {
        const res = await declare(
          `c${n % 3}`,
          [{ field: `f${n}`, mode: "asc" }],
          owner.cookie,
          small,
        );
        expect(res.statusCode).toBe(202);
      }
      const res = await declare("c0", [{ field: "other", mode: "==" }], owner.cookie, small);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(IndexTexts.tooMany(INDEX_LIMITS.perProject));
      await indexBuildsSettled();
      const all = (await getAs(app, `${base(small)}/indexes`, owner.cookie)).json().indexes;
      expect(all).toHaveLength(INDEX_LIMITS.perProject);
      expect(all.every((one: { status: string }) => one.status === "ready")).toBe(true);
    });

    it("reports a build the database refused, with its message", async () => {
      // A key btree cannot hold: an entry larger than a third of a page.
      await app.deps.db.execute(sql`insert into documents (project_id, collection, data, size)
      select ${projectId}, 'huge', jsonb_build_object('name', string_agg(md5(i::text), '')), 13000
      from generate_series(1, 400) i`);
      const res = await declare("huge", [{ field: "name", mode: "asc" }]);
      expect(res.statusCode).toBe(202);
      await indexBuildsSettled();
      const [failed] = await list("huge");
      expect(failed).toMatchObject({ status: "failed", error: expect.stringMatching(/index row/) });
      expect(await indexState(failed.id)).toBeNull();
    });
  });

  describe("a write a declared index cannot hold", () => {
    it("is refused 413 with its reason, and the collection goes on", async () => {
      const declared = await declare("notes", [{ field: "text", mode: "asc" }]);
      expect(declared.statusCode).toBe(202);
      await indexBuildsSettled();
      // About 8 kB of text that does not compress: over the btree's 2,704 bytes an entry.
      const text = Array.from({ length: 400 }, (_, i) => `${i}${Math.random().toString(36)}`).join(
        "",
      );
      const add = (data: unknown) =>
        postJson(app, `${base()}/collections/notes/documents`, data, owner.cookie);
      const refused = await add({ text });
      expect(refused.statusCode).toBe(413);
      expect(refused.json()).toEqual({
        code: "PAYLOAD_TOO_LARGE",
        message: IndexTexts.entryTooLarge,
      });
      expect((await add({ text: "short" })).statusCode).toBe(201);
    });
  });

  describe("deleting", () => {
    it("a declaration drops its index", async () => {
      const declared = (await declare("big", [{ field: "price", mode: "desc" }])).json();
      await indexBuildsSettled();
      expect(await indexState(declared.id)).toEqual({ valid: true });
      const res = await remove("big", declared.id);
      expect(res.statusCode).toBe(200);
      expect(await indexState(declared.id)).toBeNull();
      const again = await remove("big", declared.id);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ code: "NOT_FOUND", message: IndexTexts.notFound });
    });

    it("a project drops its indexes at the next reconcile", async () => {
      const doomed = (await createTestProject(app, owner.cookie)).id;
      const declared = (
        await declare("things", [{ field: "kind", mode: "==" }], owner.cookie, doomed)
      ).json();
      await indexBuildsSettled();
      expect(await indexState(declared.id)).toEqual({ valid: true });
      await app.deps.db.delete(projects).where(eq(projects.id, doomed));
      const database = { db: app.deps.db, kind: app.deps.databaseKind };
      expect(await reconcileCollectionIndexes({ database })).toMatchObject({ dropped: 1 });
      expect(await indexState(declared.id)).toBeNull();
    });
  });

  describe("a server that stopped while building", () => {
    it("leaves declarations that the next start finishes: valid marked ready, invalid rebuilt", async () => {
      const database = { db: app.deps.db, kind: app.deps.databaseKind };
      const valid = (
        await declare("big", [
          { field: "status", mode: "==" },
          { field: "price", mode: "desc" },
        ])
      ).json();
      const invalid = (await declare("big", [{ field: "price", mode: "asc" }])).json();
      await indexBuildsSettled();
      // As a stopped server leaves them: still building; one index done, one left invalid (as
      // CREATE INDEX CONCURRENTLY leaves it when its connection ends), one never started.
      const missing = crypto.randomUUID();
      await app.deps.db.insert(collectionIndexes).values({
        id: missing,
        projectId,
        collection: "big",
        fields: [
          { field: ["status"], mode: "==" },
          { field: ["createdAt"], mode: "asc" },
        ],
        key: "m".repeat(64),
      });
      await app.deps.db
        .update(collectionIndexes)
        .set({ status: "building" })
        .where(sql`${collectionIndexes.id} in (${valid.id}, ${invalid.id})`);
      await app.deps.db.execute(
        sql.raw(
          `update pg_index set indisvalid = false where indexrelid = '"${indexName(invalid.id)}"'::regclass`,
        ),
      );
      expect(await indexState(invalid.id)).toEqual({ valid: false });
      expect(await reconcileCollectionIndexes({ database })).toEqual({ dropped: 0, rebuilt: 2 });
      await indexBuildsSettled();
      const states = Object.fromEntries(
        (await list("big")).map((one: { id: string; status: string }) => [one.id, one.status]),
      );
      expect([states[valid.id], states[invalid.id], states[missing]]).toEqual([
        "ready",
        "ready",
        "ready",
      ]);
      expect(await indexState(invalid.id)).toEqual({ valid: true });
      expect(await indexState(missing)).toEqual({ valid: true });
    });
  });

  describe("a query refused for its time", () => {
    // PGlite (one process, no timer signals) does not stop statements: PostgreSQL only.
    it.skipIf(!process.env.TEST_DATABASE_URL)(
      "names the index to declare, and answers once it is built",
      async () => {
        const scope = documentScope(ownerCaller(owner.id, projectId), "big");
        const view = { filesBase: "http://localhost:3000/api/v1/db/files" };
        // Every document is read and sorted, unless an index on rank gives them in order.
        const query = read({
          orderBy: [{ field: "rank", direction: "desc" }],
          limit: 20,
        });
        const timeLimitMs = 10;
        const refused = await queryDocuments({
          db: app.deps.db,
          scope,
          query,
          view,
          timeLimitMs,
        }).catch((error: unknown) => error);
        expect(refused).toMatchObject({
          code: QUERY_TOO_SLOW,
          message: QueryTexts.tooSlow(0.01, QueryTexts.indexHint("rank desc")),
        });
        const res = await declare("big", [{ field: "rank", mode: "desc" }]);
        expect(res.statusCode).toBe(202);
        await indexBuildsSettled();
        const page: DocumentsResponse = JSON.parse(
          await queryDocuments({ db: app.deps.db, scope, query, view, timeLimitMs }),
        );
        expect(page.documents).toHaveLength(20);
        expect(page.documents[0]).toMatchObject({ rank: 996 });
      },
      60_000,
    );
  });

  describe("quoteLiteral", () => {
    it("writes what PostgreSQL reads back as the same text", async () => {
      for (const text of [
        "plain",
        "it's",
        "back\\slash",
        "'; drop table documents; --",
        "é😀",
        "$1",
      ]) {
        const [row] = await rows<{ text: string }>(
          sql.raw(`select ${quoteLiteral(text)}::text as text`),
        );
        expect(row?.text).toBe(text);
      }
      expect(() => quoteLiteral("a\u0000b")).toThrow();
    });
  });
});
