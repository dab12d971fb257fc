import { DataTexts } from "@hybridge/shared/data/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestScene,
  getAs,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { createTestProject } from "../projects/test-support";

// The console's Database section adds a document and reads one (the editor's reload after a
// conflict) as the owner, signed in, with the app's limits.
let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene({ env: { DATA_MAX_DOCUMENT_KB: "1" } }));
});
afterAll(async () => {
  await app?.cleanup();
});

describe("the owner's documents in the console", () => {
  it("adds a document and reads it back; another user gets 404 and adds nothing", async () => {
    const project = await createTestProject(app, owner.cookie);
    const collection = `/api/projects/${project.id}/data/collections/orders`;
    const added = await postJson(app, `${collection}/documents`, { item: "Tea" }, owner.cookie);
    expect(added.statusCode).toBe(201);
    const document = added.json();
    expect(document).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: document.createdAt,
      version: 1,
      item: "Tea",
    });

    const read = await getAs(app, `${collection}/documents/${document.id}`, owner.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(document);

    const theirs = await getAs(app, `${collection}/documents/${document.id}`, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    const theirAdd = await postJson(app, `${collection}/documents`, { x: 1 }, stranger.cookie);
    expect(theirAdd.statusCode).toBe(404);
    const listed = await getAs(app, `${collection}/documents`, owner.cookie);
    expect(listed.json().documents).toEqual([document]);

    const missing = await getAs(
      app,
      `${collection}/documents/00000000-0000-4000-8000-000000000000`,
      owner.cookie,
    );
    expect(missing.json()).toEqual({ code: "NOT_FOUND", message: DataTexts.notFound });
  });

  it("refuses what the app would be refused, with the same message, and stores nothing", async () => {
    const project = await createTestProject(app, owner.cookie);
    const collection = `/api/projects/${project.id}/data/collections/orders`;
    const reserved = await postJson(app, `${collection}/documents`, { id: "x" }, owner.cookie);
    expect(reserved.statusCode).toBe(400);
    expect(reserved.json().message).toBe(DataTexts.reservedField("id"));
    const large = await postJson(
      app,
      `${collection}/documents`,
      { text: "a".repeat(2000) },
      owner.cookie,
    );
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(DataTexts.tooLarge(1));
    const notObject = await postJson(app, `${collection}/documents`, [1, 2], owner.cookie);
    expect(notObject.statusCode).toBe(400);
    const listed = await getAs(app, `/api/projects/${project.id}/data/collections`, owner.cookie);
    expect(listed.json()).toEqual({ collections: [] });
  });
});
