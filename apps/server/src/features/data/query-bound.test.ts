import { parseDocumentQuery } from "@hybridge/shared/data/query";
import { QueryTexts } from "@hybridge/shared/data/texts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { createTestProject } from "../projects/test-support";
import { documentScope, ownerCaller } from "./document-scope";
import { countDocuments, QUERY_TOO_SLOW, queryDocuments } from "./query-documents";

// A query no index serves reads the whole collection: past its time limit it is stopped and
// refused with the index it lacked, and the server goes on (decision 038).
let app: TestApp;
let projectId: string;
let ownerId: string;
beforeAll(async () => {
  app = await createTestApp();
  const owner = await createTestUser(app);
  ownerId = owner.id;
  projectId = (await createTestProject(app, owner.cookie)).id;
  await app.deps.db.execute(sql`
    insert into documents (project_id, collection, data, size)
    select ${projectId}, 'big', jsonb_build_object('status', (array['open','paid'])[1 + i % 2],
      'total', (i * 7919) % 10000), 40
    from generate_series(1, 20000) i`);
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

  it("answers the same query within it", async () => {
    const scope = documentScope(ownerCaller(ownerId, projectId), "big");
    const view = { filesBase: "http://localhost:3000/api/v1/db/files" };
    const query = read({
      where: [{ field: "status", op: "==", value: "open" }],
      orderBy: [{ field: "total", direction: "desc" }],
      limit: 20,
    });
    const page = await queryDocuments({ db: app.deps.db, scope, query, view });
    expect(page.documents).toHaveLength(20);
    expect(page.documents[0]).toMatchObject({ status: "open", total: 9998 });
    expect(await countDocuments({ db: app.deps.db, scope, query })).toEqual({ count: 10000 });
  });
});
