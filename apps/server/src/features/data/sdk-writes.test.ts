import { configure, db, HybridgeError } from "@hybridge/app/db";
import { DataTexts } from "@hybridge/shared/data/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { authed, createTestProject } from "../projects/test-support";

// The SDK's writes (@hybridge/app: db.update, db.set, db.delete with ifVersion, operations)
// against a real server, as an app calls them.
let app: TestApp;
let base: string;
let key: string;
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_RATE_LIMIT_PER_MINUTE: "10000" } });
  base = await app.listen({ port: 0, host: "127.0.0.1" });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  key = settings.json().settings.databaseKey;
  configure({ server: base, key });
});
afterAll(async () => {
  await app?.cleanup();
});

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("it did not fail");
};

type Note = { text: string; done: boolean; likes?: number; tags?: string[]; note?: string };

describe("@hybridge/app's db writes", () => {
  it("updates with values and operations, and sets, keeping id and createdAt", async () => {
    const id = await db.add("notes", { text: "Buy milk", done: false, note: "x", tags: ["a"] });
    const before = await db.getDoc<Note>("notes", id);
    expect(before).toMatchObject({ version: 1, updatedAt: before?.createdAt });
    const updated = await db.update<Note>("notes", id, {
      done: true,
      likes: db.increment(2),
      tags: db.arrayUnion("b", "a"),
      note: db.deleteField(),
    });
    expect(updated).toEqual({
      id,
      createdAt: before?.createdAt,
      updatedAt: expect.any(String),
      version: 2,
      text: "Buy milk",
      done: true,
      likes: 2,
      tags: ["a", "b"],
    });
    const removed = await db.update<Note>("notes", id, { tags: db.arrayRemove("a") });
    expect(removed.tags).toEqual(["b"]);
    const replaced = await db.set("notes", id, { text: "Call mum" }, { ifVersion: 3 });
    expect(replaced).toEqual({
      id,
      createdAt: before?.createdAt,
      updatedAt: expect.any(String),
      version: 4,
      text: "Call mum",
    });
    expect(await db.getDoc("notes", id)).toEqual(replaced);
  });

  it("gives +50 for 50 concurrent db.increment(1)", async () => {
    const id = await db.add("counters", { n: 0 });
    await Promise.all(
      Array.from({ length: 50 }, () => db.update("counters", id, { n: db.increment(1) })),
    );
    expect((await db.getDoc("counters", id))?.n).toBe(50);
  });

  it("fails with NOT_FOUND and CONFLICT from the server's answer, changing nothing", async () => {
    const id = await db.add("notes", { text: "a" });
    const unknown = crypto.randomUUID();
    for (const write of [
      () => db.update("notes", unknown, { text: "b" }),
      () => db.set("notes", unknown, { text: "b" }),
      () => db.delete("notes", unknown, { ifVersion: 1 }),
    ]) {
      const error = await failure(write());
      expect(error).toBeInstanceOf(HybridgeError);
      expect(error).toMatchObject({ code: "NOT_FOUND", status: 404, message: DataTexts.notFound });
    }
    await db.update("notes", id, { text: "b" });
    for (const write of [
      () => db.update("notes", id, { text: "c" }, { ifVersion: 1 }),
      () => db.set("notes", id, { text: "c" }, { ifVersion: 1 }),
      () => db.delete("notes", id, { ifVersion: 1 }),
    ]) {
      expect(await failure(write())).toMatchObject({
        code: "CONFLICT",
        status: 409,
        message: DataTexts.versionConflict,
      });
    }
    expect(await db.getDoc("notes", id)).toMatchObject({ text: "b", version: 2 });
    await db.delete("notes", id, { ifVersion: 2 });
    expect(await db.getDoc("notes", id)).toBeNull();
  });
});
