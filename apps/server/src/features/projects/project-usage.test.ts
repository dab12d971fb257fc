import { QuotaTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingDb } from "../../../test/counting-db";
import { storedFileKeys } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { projectStorage, projects } from "../../platform/db/schema";
import { sampleBundle, uploadBundle } from "../bundles/test-support";
import { getProjectUsage } from "./project-usage";
import { launchIcon, postProject, validFields } from "./test-support";

/**
 * Issue 22: MAX_PROJECTS_PER_USER projects per account, refused at creation with its message
 * and race-safe; and what the console shows of the quotas (decision 035).
 */
const MAX_PROJECTS = 3;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({
    env: {
      MAX_PROJECTS_PER_USER: String(MAX_PROJECTS),
      BUNDLE_KEEP_PER_PROJECT: "4",
      PROJECT_MAX_STORAGE_MB: "20",
    },
  });
});
afterAll(async () => {
  await app?.cleanup();
});

const projectsOf = (userId: string) =>
  app.deps.db.select().from(projects).where(eq(projects.adminId, userId));

const accountUsage = async (cookie: string) =>
  (await app.inject({ url: "/api/projects/usage", headers: { cookie } })).json();

describe("MAX_PROJECTS_PER_USER", () => {
  it(`refuses a ${MAX_PROJECTS + 1}th project with its message, before its icon is stored`, async () => {
    const user = await createTestUser(app);
    for (let i = 0; i < MAX_PROJECTS; i++) {
      expect((await postProject(app, user.cookie, validFields())).statusCode).toBe(201);
    }
    expect(await accountUsage(user.cookie)).toEqual({
      usage: { projects: { count: MAX_PROJECTS, limit: MAX_PROJECTS } },
    });
    const files = storedFileKeys(app).sort();
    const refused = await postProject(app, user.cookie, validFields(), [launchIcon()]);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: "CONFLICT",
      message: QuotaTexts.tooManyProjects(MAX_PROJECTS),
    });
    expect(await projectsOf(user.id)).toHaveLength(MAX_PROJECTS);
    expect(storedFileKeys(app).sort()).toEqual(files);
    // Another account is not held back.
    const other = await createTestUser(app);
    expect((await postProject(app, other.cookie, validFields())).statusCode).toBe(201);
  });

  it("is not passed by creations at the same moment", async () => {
    const user = await createTestUser(app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => postProject(app, user.cookie, validFields())),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([
      ...Array(MAX_PROJECTS).fill(201),
      ...Array(6 - MAX_PROJECTS).fill(409),
    ]);
    expect(await projectsOf(user.id)).toHaveLength(MAX_PROJECTS);
  });

  it("answers the account's usage signed in only", async () => {
    const user = await createTestUser(app);
    expect(await accountUsage(user.cookie)).toEqual({
      usage: { projects: { count: 0, limit: MAX_PROJECTS } },
    });
    expect((await app.inject({ url: "/api/projects/usage" })).statusCode).toBe(401);
  });
});

describe("GET /api/projects/:id/usage", () => {
  it("gives the bundles kept and the storage used against their limits, in one query", async () => {
    const user = await createTestUser(app);
    const created = await postProject(app, user.cookie, validFields());
    const id = created.json().project.id as string;
    const usage = () =>
      app.inject({ url: `/api/projects/${id}/usage`, headers: { cookie: user.cookie } });
    expect((await usage()).json()).toEqual({
      usage: {
        bundles: { kept: 0, limit: 4 },
        storage: { usedBytes: 0, limitBytes: 20 * 1024 * 1024 },
      },
    });
    const sent = await uploadBundle(app, id, user.cookie, await sampleBundle());
    expect(sent.statusCode).toBe(201);
    const [stored] = await app.deps.db
      .select()
      .from(projectStorage)
      .where(eq(projectStorage.projectId, id));
    expect((await usage()).json().usage).toEqual({
      bundles: { kept: 1, limit: 4 },
      storage: { usedBytes: stored?.bytes, limitBytes: 20 * 1024 * 1024 },
    });
    expect(stored?.bytes).toBeGreaterThan(0);

    const counted = countingDb(app);
    await getProjectUsage({
      db: counted.db,
      userId: user.id,
      projectId: id,
      quotas: app.deps.config.quotas,
    });
    expect(counted.count()).toBe(1);

    // Another user's project does not exist for them.
    const stranger = await createTestUser(app);
    const hidden = await app.inject({
      url: `/api/projects/${id}/usage`,
      headers: { cookie: stranger.cookie },
    });
    expect(hidden.statusCode).toBe(404);
  });
});
