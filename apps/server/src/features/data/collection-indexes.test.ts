import { parseDocumentQuery } from "@hybridge/shared/data/query";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { createTestProject } from "../projects/test-support";
import { createIndexStatement, declareCollectionIndex } from "./collection-indexes";
import { documentScope, ownerCaller } from "./document-scope";
import { countStatement, pageStatement } from "./query-documents";

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
    select ${projectId}, 'big', jsonb_build_object('status', (array['open','paid','late','gone'])[1 + i % 4],
      'price', (i * 7919) % 10000), 40
    from generate_series(1, 20000) i`);
  await app.deps.db.execute(sql`analyze documents`);
}, 60_000);
afterAll(async () => {
  await app?.cleanup();
});

const read = (input: unknown) => {
  const parsed = parseDocumentQuery(input);
  if (parsed.issues) throw new Error(parsed.issues[0]?.message);
  return parsed.query;
};

describe("experiment", () => {
  it("explains", async () => {
    const database = { db: app.deps.db, kind: app.deps.databaseKind };
    const { index, built } = await declareCollectionIndex({
      database,
      projectId,
      collection: "big",
      fields: [
        { field: ["status"], mode: "==" },
        { field: ["price"], mode: "asc" },
      ],
    });
    console.log(createIndexStatement({ ...index, projectId, fields: index.fields }, false));
    await built;
    const scope = documentScope(ownerCaller(ownerId, projectId), "big");
    const query = read({
      where: [{ field: "status", op: "==", value: "open" }],
      orderBy: [{ field: "price", direction: "asc" }],
      limit: 20,
    });
    const plan = await app.deps.db.execute(sql`explain ${pageStatement(app.deps.db, scope, query)}`);
    console.log(JSON.stringify(plan, null, 1));
    const plan2 = await app.deps.db.execute(sql`explain ${countStatement(app.deps.db, scope, query)}`);
    console.log(JSON.stringify(plan2, null, 1));
    expect(1).toBe(1);
  }, 60_000);
});
