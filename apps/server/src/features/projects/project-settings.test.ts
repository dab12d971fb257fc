import { createHash } from "node:crypto";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { projectDatabases, projectSettings } from "../../platform/db/schema";
import { authed, createTestProject } from "./test-support";

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  stranger = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const view = (id: string, cookie?: string) =>
  app.inject({ method: "GET", url: `/api/projects/${id}/settings`, headers: authed(cookie) });
const regenerate = (id: string, cookie?: string) =>
  app.inject({
    method: "POST",
    url: `/api/projects/${id}/settings/database-key`,
    headers: authed(cookie),
  });
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const hashOf = async (id: string) =>
  (await app.deps.db.select().from(projectSettings).where(eq(projectSettings.id, id)))[0]
    ?.databaseKeyHash;

describe("GET /api/projects/:id/settings", () => {
  it("reveals the database key on the first view only, then masks it", async () => {
    const project = await createTestProject(app, owner.cookie, { name: "Keyed" });
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
    expect(settings.databaseKey).toMatch(/^[A-Za-z0-9]{50}$/);
    expect(settings.databaseKeyMasked).toBe(
      `${settings.databaseKey.slice(0, 17)}${"•".repeat(33)}`,
    );
    expect(settings.keyRevealedAt).not.toBeNull();
    // Only the hash stays: it authorises the key, the clear text is gone.
    const [row] = await app.deps.db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.id, project.id));
    expect(row?.databaseKeyOnce).toBeNull();
    expect(row?.databaseKeyHash).toBe(sha256(settings.databaseKey));

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
    expect((await view(project.id, owner.cookie)).json().settings.databaseKey).toMatch(/^\w{50}$/);
  });
});

describe("POST /api/projects/:id/settings/database-key", () => {
  it("replaces the key: the old hash stops working, the new key is shown once", async () => {
    const project = await createTestProject(app, owner.cookie);
    const oldKey: string = (await view(project.id, owner.cookie)).json().settings.databaseKey;
    expect(await hashOf(project.id)).toBe(sha256(oldKey));

    const res = await regenerate(project.id, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const { settings } = res.json();
    const newKey: string = settings.databaseKey;
    expect(newKey).toMatch(/^[A-Za-z0-9]{50}$/);
    expect(newKey).not.toBe(oldKey);
    expect(await hashOf(project.id)).toBe(sha256(newKey));
    const matchesOld = await app.deps.db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.databaseKeyHash, sha256(oldKey)));
    expect(matchesOld).toHaveLength(0);
    // The key's last 33 characters are the (new) database document id.
    const [database] = await app.deps.db
      .select()
      .from(projectDatabases)
      .where(eq(projectDatabases.projectId, project.id));
    expect(newKey).toBe(`${newKey.slice(0, 17)}${database?.id}`);
    const [row] = await app.deps.db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.id, project.id));
    expect(row?.databaseKeyOnce).toBeNull();

    const later = (await view(project.id, owner.cookie)).json().settings;
    expect(later.databaseKey).toBeNull();
    expect(later.databaseKeyMasked.startsWith(newKey.slice(0, 17))).toBe(true);
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
