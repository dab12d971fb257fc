import { parseDocumentQuery } from "@hybridge/shared/data/query";
import type { DocumentsResponse } from "@hybridge/shared/data/schemas";
import { QueryTexts } from "@hybridge/shared/data/texts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPostgresTestDatabase,
  createTestApp,
  createTestUser,
  dropOnClose,
  type TestApp,
} from "../../../test/test-app";
import { openDatabase } from "../../platform/db/client";
import { createTestProject } from "../projects/test-support";
import { documentScope, ownerCaller } from "./document-scope";
import { countDocuments, QUERY_TOO_SLOW, queryDocuments } from "./query-documents";

// A query no index serves reads the whole collection: past its time limit it is stopped and
// refused with the index it lacked, and the server goes on (decision 038).
let app: TestApp;
let projectId: string;
let ownerId: string;
/** A user's project with 20,000 documents in "big", no index but the primary key's. */
async function seedBig(app: TestApp) {
  const owner = await createTestUser(app);
  const projectId = (await createTestProject(app, owner.cookie)).id;
  await app.deps.db.execute(sql`
    insert into documents (project_id, collection, data, size)
    select ${projectId}, 'big', jsonb_build_object('status', (array['open','paid'])[1 + i % 2],
      'total', (i * 7919) % 10000), 40
    from generate_series(1, 20000) i`);
  return { ownerId: owner.id, projectId };
}
beforeAll(async () => {
  app = await createTestApp();
  ({ ownerId, projectId } = await seedBig(app));
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

const read = (input: unknown) => {
  const parsed = parseDocumentQuery(input);
  if (parsed.issues) throw new Error(parsed.issues[0]?.message);
  return parsed.query;
};

describe("a query's time limit", () => {
  // PGlite (one process, no timer signals) does not stop statements: PostgreSQL only.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "stops a query past it with a message naming the index, and answers the next",
    async () => {
      const scope = documentScope(ownerCaller(ownerId, projectId), "big");
      const view = { filesBase: "http://localhost:3000/api/v1/db/files" };
      const query = read({
        where: [{ field: "status", op: "==", value: "open" }],
        orderBy: [{ field: "total", direction: "desc" }],
        limit: 20,
      });
      const refused = await queryDocuments({
        db: app.deps.db,
        scope,
        query,
        view,
        timeLimitMs: 1,
      }).catch((error: unknown) => error);
      expect(refused).toMatchObject({
        code: QUERY_TOO_SLOW,
        status: 400,
        message: QueryTexts.tooSlow(0.001, QueryTexts.indexHint("status ==, total desc")),
      });
    },
    60_000,
  );

  // On PostgreSQL queries run on a pool whose connections carry the limit: no transaction.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "stops a query past the query pool's limit the same way, and again on the next",
    async () => {
      const { url, drop } = await createPostgresTestDatabase();
      const database = dropOnClose(
        await openDatabase({ kind: "postgres", url }, { queryTimeLimitMs: 1 }),
        drop,
      );
      const strict = await createTestApp({ database });
      try {
        const seeded = await seedBig(strict);
        const scope = documentScope(ownerCaller(seeded.ownerId, seeded.projectId), "big");
        const query = read({
          where: [{ field: "status", op: "==", value: "open" }],
          orderBy: [{ field: "total", direction: "desc" }],
          limit: 20,
        });
        const { db, queries } = strict.deps;
        expect(queries?.timeLimitMs).toBe(1);
        const options = { db, queries, scope, query, timeLimitMs: 1 };
        const view = { filesBase: "http://localhost:3000/api/v1/db/files" };
        const refused = await queryDocuments({ ...options, view }).catch((error: unknown) => error);
        expect(refused).toMatchObject({
          code: QUERY_TOO_SLOW,
          status: 400,
          message: QueryTexts.tooSlow(0.001, QueryTexts.indexHint("status ==, total desc")),
        });
        const counted = await countDocuments(options).catch((error: unknown) => error);
        expect(counted).toMatchObject({ code: QUERY_TOO_SLOW, status: 400 });
        // The connection that was stopped serves the next query: refused the same, not broken.
        const again = await queryDocuments({ ...options, view }).catch((error: unknown) => error);
        expect(again).toMatchObject({ code: QUERY_TOO_SLOW, status: 400 });
      } finally {
        await strict.cleanup();
      }
    },
    60_000,
  );

  it("answers the same query within it", async () => {
    const scope = documentScope(ownerCaller(ownerId, projectId), "big");
    const view = { filesBase: "http://localhost:3000/api/v1/db/files" };
    const query = read({
      where: [{ field: "status", op: "==", value: "open" }],
      orderBy: [{ field: "total", direction: "desc" }],
      limit: 20,
    });
    const { db, queries } = app.deps;
    const page: DocumentsResponse = JSON.parse(
      await queryDocuments({ db, queries, scope, query, view }),
    );
    expect(page.documents).toHaveLength(20);
    expect(page.documents[0]).toMatchObject({ status: "open", total: 9998 });
    expect(await countDocuments({ db, queries, scope, query })).toEqual({ count: 10000 });
  });
});
