import { createHash } from "node:crypto";
import { DATABASE_KEY_PATTERN } from "@hybridge/shared/projects/schemas";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  createTestScene,
  createTestUser,
  openTestDatabase,
  TEST_SECRET,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { projectDatabases, projectSettings } from "../../platform/db/schema";
import { createEncryption } from "../../platform/encryption";
import { dropUnshownKeys } from "./project-settings";
import { authed, createTestProject } from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const view = (id: string, cookie?: string) =>
  app.inject({ method: "GET", url: `/api/projects/${id}/settings`, headers: authed(cookie) });
const regenerate = (id: string, cookie?: string) =>
  app.inject({
    method: "POST",
    url: `/api/projects/${id}/settings/database-key`,
    headers: authed(cookie),
  });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const settingsRow = async (id: string) =>
  (await app.deps.db.select().from(projectSettings).where(eq(projectSettings.id, id)))[0];
const hashOf = async (id: string) => (await settingsRow(id))?.databaseKeyHash;
const keySeal = createEncryption(TEST_SECRET, "databaseKeySeal");
/** The key a new project waits with, opened as the server would. */
const sealedKeyOf = async (id: string) =>
  keySeal.decrypt((await settingsRow(id))?.databaseKeySealed as string, id) as string;

/** Makes the project's sealed key one that waited past its time. */
const expireSealedKey = (on: TestApp, projectId: string) =>
  on.deps.db
    .update(projectSettings)
    .set({ databaseKeySealedUntil: sql`now() - interval '1 second'` })
    .where(eq(projectSettings.id, projectId));

describe("GET /api/projects/:id/settings", () => {
  it("reveals the database key on the first view only, then masks it", async () => {
    const project = await createTestProject(app, owner.cookie, { name: "Keyed" });
    const sealed = await sealedKeyOf(project.id);
    const first = await view(project.id, owner.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const { settings } = first.json();
    expect(settings).toMatchObject({
      projectId: project.id,
      appKey: project.keyApp,
      appName: "Keyed",
    });
    expect(settings.appId).toMatch(/^v1\./);
    expect(settings.databaseKey).toMatch(DATABASE_KEY_PATTERN);
    expect(settings.databaseKey).toBe(sealed);
    expect(settings.databaseKeyMasked).toBe(
      `${settings.databaseKey.slice(0, 12)}${"•".repeat(39)}`,
    );
    expect(settings.keyRevealedAt).not.toBeNull();
    // Only the hash and the display prefix stay: the sealed key is gone.
    const row = await settingsRow(project.id);
    expect(row).toMatchObject({
      databaseKeySealed: null,
      databaseKeySealedUntil: null,
      databaseKeyHash: sha256(settings.databaseKey),
      databaseKeyPrefix: settings.databaseKey.slice(0, 12),
    });

    const second = (await view(project.id, owner.cookie)).json().settings;
    expect(second.databaseKey).toBeNull();
    expect(second.databaseKeyMasked).toBe(settings.databaseKeyMasked);
    expect(second.appId).toBe(settings.appId);
  });

  it("gives the key to only one of two simultaneous first views", async () => {
    for (let round = 0; round < 5; round++) {
      const project = await createTestProject(app, owner.cookie);
      const answers = await Promise.all([
        view(project.id, owner.cookie),
        view(project.id, owner.cookie),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const keys = answers.map((a) => a.json().settings.databaseKey).filter(Boolean);
      expect(keys).toHaveLength(1);
      expect(await hashOf(project.id)).toBe(sha256(keys[0]));
    }
  });

  it("answers 404 for another user's project, an unknown id, and 401 signed out", async () => {
    const project = await createTestProject(app, owner.cookie);
    const foreign = await view(project.id, stranger.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ code: "NOT_FOUND", message: ProjectsTexts.settingsNotFound });
    expect((await view("x".repeat(101), owner.cookie)).statusCode).toBe(404);
    expect((await view(project.id)).statusCode).toBe(401);
    // The stranger's attempt revealed nothing: the owner still gets the key once.
    expect((await view(project.id, owner.cookie)).json().settings.databaseKey).toMatch(
      DATABASE_KEY_PATTERN,
    );
  });

  it("drops a key not shown within 24 hours; the first view then issues a new one", async () => {
    const project = await createTestProject(app, owner.cookie);
    const unseen = await sealedKeyOf(project.id);
    await expireSealedKey(app, project.id);
    expect(await dropUnshownKeys({ db: app.deps.db })).toBeGreaterThanOrEqual(1);
    expect(await settingsRow(project.id)).toMatchObject({
      databaseKeySealed: null,
      databaseKeySealedUntil: null,
      keyRevealedAt: null,
    });

    const first = (await view(project.id, owner.cookie)).json().settings;
    expect(first.databaseKey).toMatch(DATABASE_KEY_PATTERN);
    expect(first.databaseKey).not.toBe(unseen);
    expect(await hashOf(project.id)).toBe(sha256(first.databaseKey));
    expect((await view(project.id, owner.cookie)).json().settings.databaseKey).toBeNull();
  });

  it("never opens a key kept past its time, even before it is dropped", async () => {
    const project = await createTestProject(app, owner.cookie);
    const unseen = await sealedKeyOf(project.id);
    await expireSealedKey(app, project.id);
    const first = (await view(project.id, owner.cookie)).json().settings;
    expect(first.databaseKey).toMatch(DATABASE_KEY_PATTERN);
    expect(first.databaseKey).not.toBe(unseen);
    expect(await hashOf(project.id)).toBe(sha256(first.databaseKey));
    expect((await settingsRow(project.id))?.databaseKeySealed).toBeNull();
  });

  it("issues a new key when the sealed one does not open (sealed under another secret)", async () => {
    const project = await createTestProject(app, owner.cookie);
    const elsewhere = createEncryption(
      "another-secret-of-at-least-32-characters!",
      "databaseKeySeal",
    );
    await app.deps.db
      .update(projectSettings)
      .set({ databaseKeySealed: elsewhere.encrypt("hb_test_planted", project.id) })
      .where(eq(projectSettings.id, project.id));
    const first = (await view(project.id, owner.cookie)).json().settings;
    expect(first.databaseKey).toMatch(DATABASE_KEY_PATTERN);
    expect(await hashOf(project.id)).toBe(sha256(first.databaseKey));
  });
});

describe("dropping unshown keys at start", () => {
  it("drops the sealed keys kept past their time when the server starts", async () => {
    const database = await openTestDatabase();
    const first = await createTestApp({ database });
    const user = await createTestUser(first);
    const expired = await createTestProject(first, user.cookie);
    const current = await createTestProject(first, user.cookie);
    await expireSealedKey(first, expired.id);
    // A second server on the same database: its start drops the expired key, not the other.
    const second = await createTestApp({ database: { ...database, close: async () => {} } });
    try {
      const rows = await second.deps.db.select().from(projectSettings);
      expect(rows.find((r) => r.id === expired.id)?.databaseKeySealed).toBeNull();
      expect(rows.find((r) => r.id === current.id)?.databaseKeySealed).toMatch(/^v1\./);
    } finally {
      await second.cleanup();
      await first.cleanup();
    }
  });
});

describe("POST /api/projects/:id/settings/database-key", () => {
  it("replaces the key: the old hash stops working, the new key is shown once", async () => {
    const project = await createTestProject(app, owner.cookie);
    const oldKey: string = (await view(project.id, owner.cookie)).json().settings.databaseKey;
    expect(await hashOf(project.id)).toBe(sha256(oldKey));
    const databaseId = async () =>
      (
        await app.deps.db
          .select()
          .from(projectDatabases)
          .where(eq(projectDatabases.projectId, project.id))
      )[0]?.id;
    const documentBefore = await databaseId();

    const res = await regenerate(project.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { settings } = res.json();
    const newKey: string = settings.databaseKey;
    expect(newKey).toMatch(DATABASE_KEY_PATTERN);
    expect(newKey).not.toBe(oldKey);
    expect(await hashOf(project.id)).toBe(sha256(newKey));
    const matchesOld = await app.deps.db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.databaseKeyHash, sha256(oldKey)));
    expect(matchesOld).toHaveLength(0);
    // The new key is kept nowhere, not even sealed; the database document is untouched (it is
    // no part of the key).
    expect(await settingsRow(project.id)).toMatchObject({
      databaseKeySealed: null,
      databaseKeyPrefix: newKey.slice(0, 12),
    });
    expect(await databaseId()).toBe(documentBefore);

    const later = (await view(project.id, owner.cookie)).json().settings;
    expect(later.databaseKey).toBeNull();
    expect(later.databaseKeyMasked).toBe(`${newKey.slice(0, 12)}${"•".repeat(39)}`);
  });

  it("answers 404 for another user's project and changes nothing", async () => {
    const project = await createTestProject(app, owner.cookie);
    const before = await hashOf(project.id);
    const res = await regenerate(project.id, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(await hashOf(project.id)).toBe(before);
    expect((await regenerate(project.id)).statusCode).toBe(401);
  });
});
