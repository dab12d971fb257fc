import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import {
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { claimStatement, sweepExpiredLeases } from "./build-queue";
import { emptyBuildQueue, insertTestAgent } from "./test-support";

/**
 * Issue 22's fair limits on the build queue (decision 035): one pending build per project and
 * platform (a unique partial index), BUILD_MAX_QUEUED_PER_USER builds in the queue per account,
 * and a round robin between owners rather than one line for everyone.
 */
const MAX_QUEUED = 5;

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { BUILD_MAX_QUEUED_PER_USER: String(MAX_QUEUED) } });
});
afterAll(async () => {
  await app?.cleanup();
});
beforeEach(() => emptyBuildQueue(app));

const addAgent = (platforms: string[] = ["android"]) =>
  insertTestAgent(app, { name: "Fair machine", platforms });

const claim = async (token: string, platforms = ["android"]): Promise<string | null> => {
  const res = await app.inject({
    method: "POST",
    url: "/api/agents/claim",
    headers: { authorization: `Bearer ${token}` },
    payload: { platforms },
  });
  if (res.statusCode === 204) return null;
  expect(res.statusCode).toBe(200);
  return res.json().job.buildId;
};

const request = (user: TestUser, projectId: string, platform = "android") =>
  postJson(app, `/api/projects/${projectId}/builds`, { platform }, user.cookie);

const positionOf = async (user: TestUser, projectId: string, platform = "android") =>
  (
    await app.inject({
      url: `/api/projects/${projectId}/builds/latest?platform=${platform}`,
      headers: { cookie: user.cookie },
    })
  ).json().build.queuePosition;

const pendingOf = (projectId: string) =>
  app.deps.db
    .select()
    .from(schema.builds)
    .where(and(eq(schema.builds.projectId, projectId), eq(schema.builds.status, "pending")));

describe("the order between owners", () => {
  it("serves owners in turn: B's one build, queued after A's five, is claimed second", async () => {
    const a = await createTestUser(app);
    const b = await createTestUser(app);
    const aProjects = await Promise.all([1, 2, 3, 4, 5].map(() => seedProject(app, a)));
    const aBuilds: string[] = [];
    for (const project of aProjects) {
      const res = await request(a, project.id);
      expect(res.statusCode).toBe(201);
      aBuilds.push(res.json().build.id);
    }
    const bProject = await seedProject(app, b);
    const bBuild = (await request(b, bProject.id)).json().build;

    // What the project pages say, before any claim: A's first, then B's, then A's others.
    expect(bBuild.queuePosition).toBe(2);
    expect(await positionOf(a, aProjects[0]?.id ?? "")).toBe(1);
    expect(await positionOf(a, aProjects[1]?.id ?? "")).toBe(3);
    expect(await positionOf(a, aProjects[4]?.id ?? "")).toBe(6);

    const machine = await addAgent();
    const order: (string | null)[] = [];
    for (let i = 0; i < 6; i++) order.push(await claim(machine.token));
    expect(order).toEqual([aBuilds[0], bBuild.id, ...aBuilds.slice(1)]);
    expect(await claim(machine.token)).toBeNull();
  });

  it("puts an owner served a moment ago behind one never served", async () => {
    const a = await createTestUser(app);
    const b = await createTestUser(app);
    const [a1, a2] = await Promise.all([seedProject(app, a), seedProject(app, a)]);
    const b1 = await seedProject(app, b);
    const machine = await addAgent();
    await request(a, a1?.id ?? "");
    expect(await claim(machine.token)).not.toBeNull();
    // A was just served; A's next request is older than B's, yet B goes first.
    const aNext = (await request(a, a2?.id ?? "")).json().build;
    const bNext = (await request(b, b1.id)).json().build;
    expect(bNext.queuePosition).toBe(1);
    expect(await positionOf(a, a2?.id ?? "")).toBe(2);
    expect(await claim(machine.token)).toBe(bNext.id);
    expect(await claim(machine.token)).toBe(aNext.id);
  });
});

describe("one pending build per project and platform", () => {
  it("is the database's rule: of 10 inserts at once, one is queued", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const inserts = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        app.deps.db.insert(schema.builds).values({
          projectId: project.id,
          ownerId: owner.id,
          appKey: project.keyApp,
          platform: "android",
          status: "pending",
          version: 1,
        }),
      ),
    );
    expect(inserts.filter((insert) => insert.status === "fulfilled")).toHaveLength(1);
    expect(await pendingOf(project.id)).toHaveLength(1);
    // Another platform, or a build no longer pending, is not held back.
    await app.deps.db.insert(schema.builds).values([
      {
        projectId: project.id,
        ownerId: owner.id,
        appKey: project.keyApp,
        platform: "apple",
        version: 1,
      },
      {
        projectId: project.id,
        ownerId: owner.id,
        appKey: project.keyApp,
        platform: "android",
        status: "failed",
        version: 1,
      },
    ]);
  });

  it("holds when a build taken back meets a newer request: the taken one is cancelled, saying why", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const machine = await addAgent();
    const first = (await request(owner, project.id)).json().build;
    expect(await claim(machine.token)).toBe(first.id);
    // Requested while the first builds (allowed: it is no longer pending).
    const second = await request(owner, project.id);
    expect(second.statusCode).toBe(201);

    // The first machine goes silent: the lease sweep takes its build back.
    await app.deps.db
      .update(schema.builds)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.builds.id, first.id));
    expect(await sweepExpiredLeases(app.deps.db)).toBe(1);
    const [taken] = await app.deps.db
      .select()
      .from(schema.builds)
      .where(eq(schema.builds.id, first.id));
    expect(taken?.status).toBe("cancelled");
    expect((await pendingOf(project.id)).map((b) => b.id)).toEqual([second.json().build.id]);
    const log = await app.inject({
      url: `/api/projects/${project.id}/builds/${first.id}/log`,
      headers: { cookie: owner.cookie },
    });
    expect(log.json().lines.map((line: { line: string }) => line.line)).toContain(
      AgentsTexts.supersededOnRequeue,
    );

    // The same when a stopping machine hands its build back.
    const next = await addAgent();
    expect(await claim(next.token)).toBe(second.json().build.id);
    const third = (await request(owner, project.id)).json().build;
    const released = await app.inject({
      method: "POST",
      url: "/api/agents/release",
      headers: { authorization: `Bearer ${next.token}` },
    });
    expect(released.json()).toEqual({ released: 1 });
    expect((await pendingOf(project.id)).map((b) => b.id)).toEqual([third.id]);
  });

  it("queues a build taken back again when nothing newer waits", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const machine = await addAgent();
    const build = (await request(owner, project.id)).json().build;
    expect(await claim(machine.token)).toBe(build.id);
    await app.deps.db
      .update(schema.builds)
      .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(schema.builds.id, build.id));
    expect(await sweepExpiredLeases(app.deps.db)).toBe(1);
    expect((await pendingOf(project.id)).map((b) => b.id)).toEqual([build.id]);
    // A request now answers it.
    const again = await request(owner, project.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().build.id).toBe(build.id);
  });
});

describe("BUILD_MAX_QUEUED_PER_USER", () => {
  it(`keeps an account to ${MAX_QUEUED} builds pending or building, with a message`, async () => {
    const owner = await createTestUser(app);
    const projects = await Promise.all(
      Array.from({ length: MAX_QUEUED + 1 }, () => seedProject(app, owner)),
    );
    const answers = [];
    for (const project of projects.slice(0, MAX_QUEUED)) {
      answers.push((await request(owner, project.id)).json().build);
    }
    const refused = await request(owner, projects[MAX_QUEUED]?.id ?? "");
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: "CONFLICT",
      message: BuildsTexts.queueFull(MAX_QUEUED),
    });
    expect(await pendingOf(projects[MAX_QUEUED]?.id ?? "")).toHaveLength(0);
    // A request of a project whose build is pending still answers that one.
    expect((await request(owner, projects[0]?.id ?? "")).statusCode).toBe(200);
    // A build being built still counts; a finished or cancelled one does not.
    const machine = await addAgent();
    expect(await claim(machine.token)).not.toBeNull();
    expect((await request(owner, projects[MAX_QUEUED]?.id ?? "")).statusCode).toBe(409);
    const cancelled = await postJson(
      app,
      `/api/projects/${projects[4]?.id}/builds/${answers[4]?.id}/cancel`,
      {},
      owner.cookie,
    );
    expect(cancelled.statusCode).toBe(200);
    expect((await request(owner, projects[MAX_QUEUED]?.id ?? "")).statusCode).toBe(201);
    // Another account is not held back by this one.
    const other = await createTestUser(app);
    expect((await request(other, (await seedProject(app, other)).id)).statusCode).toBe(201);
  });

  it("is not passed by requests at once for several projects", async () => {
    const owner = await createTestUser(app);
    const projects = await Promise.all(Array.from({ length: 8 }, () => seedProject(app, owner)));
    const answers = await Promise.all(projects.map((project) => request(owner, project.id)));
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(MAX_QUEUED).fill(201), ...Array(3).fill(409)]);
    const [queued] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.builds)
      .where(and(eq(schema.builds.ownerId, owner.id), eq(schema.builds.status, "pending")));
    expect(Number(queued?.n)).toBe(MAX_QUEUED);
  });
});

/** Rows of db.execute, whichever driver answered. */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

describe("the claim on a big queue", () => {
  it("is one statement whose plan reads indexes only (EXPLAIN ANALYZE, 3,000 pending, 20,000 done)", async () => {
    const db = app.deps.db;
    const owners = 1000;
    // 1,000 owners, 3 projects each, one pending Android build per project, and a history of
    // 20,000 finished builds whose claims say when each owner was last served.
    await db.execute(sql`
      insert into "user" (id, name, email)
      select 'big-' || i, 'Big ' || i, 'big-' || i || '@example.test'
      from generate_series(1, ${owners}) i`);
    await db.execute(sql`
      insert into projects (id, name, key_app, description, segment, admin_id, tester)
      select rpad('big-' || i, 101, 'x'), 'Big ' || i, 'big-app-' || i, 'A big queue', 'other',
        'big-' || (1 + i % ${owners}), 'big@example.test'
      from generate_series(1, ${owners * 3}) i`);
    await db.execute(sql`
      insert into builds (project_id, owner_id, platform, app_key, status, version, date_generate, started_at, finished_at)
      select rpad('big-' || (1 + i % ${owners * 3}), 101, 'x'), 'big-' || (1 + (1 + i % ${owners * 3}) % ${owners}),
        'android', 'big-app-' || (1 + i % ${owners * 3}), 'ready', 1,
        now() - make_interval(secs => i * 60), now() - make_interval(secs => i * 60),
        now() - make_interval(secs => i * 60 - 30)
      from generate_series(1, 20000) i`);
    await db.execute(sql`
      insert into builds (project_id, owner_id, platform, app_key, status, version, date_generate)
      select rpad('big-' || i, 101, 'x'), 'big-' || (1 + i % ${owners}), 'android',
        'big-app-' || i, 'pending', 2, now() - make_interval(secs => i)
      from generate_series(1, ${owners * 3}) i`);
    await db.execute(sql`analyze builds`);

    const machine = await addAgent();
    const statement = claimStatement(db, {
      agentId: machine.id,
      platforms: ["android"],
      leaseSeconds: 60,
    });
    // EXPLAIN ANALYZE runs the update: inside a transaction that is rolled back.
    const plan = await db
      .transaction(async (tx) => {
        const result = await tx.execute(sql`explain (analyze, format text) ${statement.getSQL()}`);
        throw Object.assign(new Error("rollback"), {
          plan: rowsOf<{ "QUERY PLAN": string }>(result)
            .map((row) => row["QUERY PLAN"])
            .join("\n"),
        });
      })
      .catch((error: { plan?: string }) => {
        if (error.plan === undefined) throw error;
        return error.plan;
      });
    const ms = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1]);
    console.info(`claim on 3,000 pending among 23,000 builds: ${ms} ms\n${plan}`);
    expect(plan).toContain("LockRows");
    expect(plan).not.toMatch(/Seq Scan on builds/);
    expect(ms).toBeLessThan(1000);

    // The place a project page shows, computed over the whole queue (queueFields).
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const started = performance.now();
    const mine = (await request(owner, project.id)).json().build;
    // Never served: first in the first round.
    expect(mine.queuePosition).toBe(1);
    const elapsed = performance.now() - started;
    console.info(`a request answered with its place among 3,001: ${elapsed.toFixed(0)} ms`);
  }, 120_000);
});
