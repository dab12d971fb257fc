import { ErrorCodes } from "@hybridge/shared/common/errors";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { DOCUMENT_USAGE_STRIPES, documents, documentUsage } from "../../platform/db/schema";
import { createTestProject } from "../projects/test-support";
import { createDocumentPages } from "./document-pages";
import { documentScope, ownerCaller } from "./document-scope";
import { addDocument, deleteDocument } from "./documents";

// The per-project document limit, kept in striped counters (decision 040): exact whatever the
// concurrency, on PGlite and on PostgreSQL (TEST_DATABASE_URL).

let app: TestApp;
let owner: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const view = { filesBase: "http://localhost/files" };
const pages = createDocumentPages({ heard: async () => false });

async function newProject() {
  const project = await createTestProject(app, owner.cookie);
  return documentScope(ownerCaller(owner.id, project.id), "burst");
}

/** `count` adds at once under `limit`: how many were added, and every refusal's code. */
async function burst(scope: Awaited<ReturnType<typeof newProject>>, count: number, limit: number) {
  const results = await Promise.allSettled(
    Array.from({ length: count }, (_, i) =>
      addDocument({
        db: app.deps.db,
        pages,
        limits: { maxDocuments: limit, maxDocumentBytes: 64 * 1024 },
        scope,
        data: { i },
        view,
      }),
    ),
  );
  const refused = results.flatMap((r) =>
    r.status === "rejected" ? [(r.reason as { code?: string }).code ?? String(r.reason)] : [],
  );
  return { added: results.length - refused.length, refused };
}

/** What the database holds for the project: its documents, and the sum of its stripes. */
async function held(projectId: string) {
  const [stored] = await app.deps.db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(documents)
    .where(eq(documents.projectId, projectId));
  const stripes = await app.deps.db
    .select({ stripe: documentUsage.stripe, documents: documentUsage.documents })
    .from(documentUsage)
    .where(eq(documentUsage.projectId, projectId));
  return {
    documents: stored?.count ?? 0,
    counted: stripes.reduce((sum, s) => sum + s.documents, 0),
    stripes: stripes.length,
  };
}

describe("the document limit", () => {
  it("ends exactly at the limit when many adds come at once, and a deletion makes room for one", async () => {
    const scope = await newProject();
    // 23: not a multiple of the 16 stripes, so their shares differ (2 for the first 7, then 1).
    const first = await burst(scope, 60, 23);
    expect(first.added).toBe(23);
    expect(first.refused).toEqual(Array.from({ length: 37 }, () => ErrorCodes.CONFLICT));
    expect(await held(scope.projectId)).toEqual({
      documents: 23,
      counted: 23,
      stripes: DOCUMENT_USAGE_STRIPES,
    });
    // Five deleted at once give five places back, whichever stripes they lower.
    const ids = (
      await app.deps.db
        .select({ id: documents.id })
        .from(documents)
        .where(eq(documents.projectId, scope.projectId))
        .limit(5)
    ).map((row) => row.id);
    await Promise.all(
      ids.map((id) =>
        deleteDocument({ db: app.deps.db, pages, storage: app.deps.storage, scope, id }),
      ),
    );
    expect((await burst(scope, 30, 23)).added).toBe(5);
    expect(await held(scope.projectId)).toMatchObject({ documents: 23, counted: 23 });
  });

  it("stays exact when the limit is lowered under what is held, then raised again", async () => {
    const scope = await newProject();
    expect((await burst(scope, 40, 40)).added).toBe(40);
    // Lowered to 10 (DATA_MAX_DOCUMENTS changed): stripes hold more than their new share.
    expect((await burst(scope, 20, 10)).added).toBe(0);
    // Raised to 57: 17 more, not one over, although some stripes are far under their share.
    expect((await burst(scope, 50, 57)).added).toBe(17);
    expect(await held(scope.projectId)).toMatchObject({ documents: 57, counted: 57 });
  });

  it("writes adds that come together in one statement, each answered with its own document", async () => {
    const scope = await newProject();
    // Values that must come through the combined statement's JSON unchanged.
    const odd = [
      { text: `quotes " and \\ backslashes, '; drop table documents; --` },
      { text: "unicode: é 漢字 🚀 \u2028", nested: { a: [1, { b: null }], c: true } },
      { number: 0.1, big: 1e21, negative: -12.5, list: [] },
    ];
    const sent = Array.from({ length: 40 }, (_, i) => ({ i, ...odd[i % odd.length] }));
    const answers = await Promise.all(
      sent.map((data) =>
        addDocument({
          db: app.deps.db,
          pages,
          limits: { maxDocuments: 10_000, maxDocumentBytes: 64 * 1024 },
          scope,
          data,
          view,
        }),
      ),
    );
    // Each answer is its own document: its id is the row that holds what it sent.
    answers.forEach((answer, index) => {
      const { id, createdAt, updatedAt, version, ...data } = answer;
      expect(data).toEqual(sent[index]);
      expect(version).toBe(1);
    });
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(40);
    const rows = await app.deps.db
      .select({ id: documents.id, data: documents.data, createdAt: documents.createdAt })
      .from(documents)
      .where(eq(documents.projectId, scope.projectId));
    const stored = new Map(rows.map((row) => [row.id, row.data]));
    answers.forEach((answer, index) => {
      expect(stored.get(answer.id)).toEqual(sent[index]);
    });
    // The first went alone; the 39 that came while it was written, together (one transaction:
    // one creation time).
    expect(new Set(rows.map((row) => row.createdAt.toISOString())).size).toBe(2);
    expect(await held(scope.projectId)).toMatchObject({ documents: 40, counted: 40 });
  });

  it("allows a limit smaller than the number of stripes", async () => {
    const scope = await newProject();
    expect((await burst(scope, 12, 5)).added).toBe(5);
    expect((await burst(scope, 12, 1)).added).toBe(0);
    expect(await held(scope.projectId)).toMatchObject({ documents: 5, counted: 5 });
  });
});
