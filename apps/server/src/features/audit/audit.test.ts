import type { AuditAction, AuditEvent, AuditPage } from "@hybridge/shared/audit/schemas";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import { seedDatabaseKey, seedProject } from "../../../test/seed";
import {
  createTestAdmin,
  createTestScene,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { testKeystore } from "../agents/test-support";
import { markReady, seedBuild } from "../builds/test-support";
import { makeZip } from "../bundles/test-support";
import { deploy } from "../updates/test-support";
import { pruneAudit } from "./list-audit";

/**
 * The audit log (decision 063): every recorded action writes its event with the action, in the
 * owner's Activity (newest first, by cursor) and the admins' list; another user's project is a
 * 404; no event holds a token, password or key.
 */
const ADMIN = "audit-admin@example.com";
let app: TestApp, owner: TestUser, stranger: TestUser, admin: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene({ env: { ADMIN_EMAILS: ADMIN } }));
  admin = await createTestAdmin(app, { email: ADMIN });
});
afterAll(() => app?.cleanup());

const call = (
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
  cookie: string | undefined = owner.cookie,
) =>
  app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function activity(projectId: string, query = "", cookie = owner.cookie) {
  const res = await call("GET", `/api/projects/${projectId}/audit${query}`, undefined, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AuditPage>();
}

const actionsOf = (events: AuditEvent[]) => events.map((event) => event.action);
const bundle = (text: string) =>
  makeZip([{ name: "index.html", data: `<!doctype html><p>${text}</p>` }]);

describe("the audit log", () => {
  it("records each owner's action on the project, newest first, with who did it", async () => {
    const project = await seedProject(app, owner);
    const secrets: string[] = [await seedDatabaseKey(app.deps.db, project)];
    const expected: AuditAction[] = [];
    const expectLast = async (action: AuditAction) => {
      expected.unshift(action);
      const { events } = await activity(project.id, "?limit=1");
      expect(events[0]?.action).toBe(action);
    };

    // The upload key, before a build is published: the owner's, then downloaded and read.
    const key = await testKeystore({ password: "Audit pass phrase!" });
    secrets.push(key.password, key.bytes.toString("base64"));
    const form = multipart([
      { name: "password", value: key.password },
      { name: "alias", value: key.alias },
      {
        name: "keystore",
        filename: "upload.p12",
        contentType: "application/x-pkcs12",
        data: key.bytes,
      },
    ]);
    const replaced = await app.inject({
      method: "PUT",
      url: `/api/projects/${project.id}/signing-key`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie, ...form.headers },
      payload: form.payload,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    await expectLast("upload-key.replaced");
    expect((await call("GET", `/api/projects/${project.id}/signing-key/keystore`)).statusCode).toBe(
      200,
    );
    await expectLast("upload-key.downloaded");
    const password = await call("GET", `/api/projects/${project.id}/signing-key/password`);
    expect(password.json().password).toBe(key.password);
    await expectLast("upload-key.password-read");
    expect((await call("DELETE", `/api/projects/${project.id}/signing-key`)).statusCode).toBe(200);
    await expectLast("upload-key.reset");

    const regenerated = await call("POST", `/api/projects/${project.id}/settings/database-key`);
    expect(regenerated.statusCode, regenerated.body).toBe(200);
    secrets.push(regenerated.json().settings.databaseKey);
    await expectLast("key.regenerated");

    const created = await call("POST", `/api/projects/${project.id}/deploy-tokens`, {
      name: "CI",
    });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json<{ secret: string; token: { id: string } }>();
    secrets.push(token.secret);
    await expectLast("deploy-token.created");

    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    await markReady(app, build.id);
    expect((await call("POST", `/api/builds/${build.id}/publish`)).statusCode).toBe(200);
    await expectLast("build.published");

    expect(
      (await call("POST", `/api/projects/${project.id}/updates/channels`, { name: "beta" }))
        .statusCode,
    ).toBe(201);
    await expectLast("channel.created");

    const first = (await deploy(app, token.secret, await bundle("one"))).update;
    const second = (await deploy(app, token.secret, await bundle("two"), { rolloutPercent: "50" }))
      .update;
    if (!first || !second) throw new Error("no update");
    const updateUrl = (id: string) => `/api/projects/${project.id}/updates/${id}`;
    expect((await call("PATCH", updateUrl(second.id), { rolloutPercent: 100 })).statusCode).toBe(
      200,
    );
    await expectLast("update.rollout-changed");
    await call("PATCH", updateUrl(second.id), { paused: true });
    await expectLast("update.paused");
    await call("PATCH", updateUrl(second.id), { paused: false });
    await expectLast("update.resumed");
    expect(
      (
        await call("POST", `/api/projects/${project.id}/channels/production/rollback`, {
          to: "embedded",
        })
      ).statusCode,
    ).toBe(204);
    await expectLast("update.rolled-back");
    expect((await call("DELETE", updateUrl(second.id))).statusCode).toBe(204);
    await expectLast("update.deleted");

    expect(
      (await call("DELETE", `/api/projects/${project.id}/deploy-tokens/${token.token.id}`))
        .statusCode,
    ).toBe(204);
    await expectLast("deploy-token.revoked");

    // Refused actions record nothing: a build not ready, a token already revoked.
    const notReady = await seedBuild(app, project, { platform: "android", version: 2 });
    expect((await call("POST", `/api/builds/${notReady.id}/publish`)).statusCode).toBe(409);
    expect(
      (await call("DELETE", `/api/projects/${project.id}/deploy-tokens/${token.token.id}`))
        .statusCode,
    ).toBe(404);

    const { events, nextCursor } = await activity(project.id, "?limit=100");
    expect(actionsOf(events)).toEqual(expected);
    expect(nextCursor).toBeNull();
    expect(events.every((event) => event.actorId === owner.id)).toBe(true);
    expect(events[0]?.actorName).toBeTruthy();
    const published = events.find((event) => event.action === "build.published");
    expect(published?.details).toMatchObject({ buildId: build.id, version: 1 });

    // No event holds a secret, whatever the encoding.
    const rows = JSON.stringify(await app.deps.db.select().from(schema.auditEvents));
    for (const secret of secrets) expect(rows).not.toContain(secret);
    expect(rows).not.toContain(token.secret.slice(-20));

    // Pages by cursor: each once, in order, whatever the page size.
    const paged: AuditEvent[] = [];
    let cursor: string | null = "";
    while (cursor !== null) {
      const query: string = `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page: AuditPage = await activity(project.id, query);
      expect(page.events.length).toBeLessThanOrEqual(4);
      paged.push(...page.events);
      cursor = page.nextCursor;
    }
    expect(paged.map((event) => event.id)).toEqual(events.map((event) => event.id));
  });

  it("answers 404 for another user's project, 401 signed out, 400 for a bad cursor", async () => {
    const project = await seedProject(app, owner);
    const url = `/api/projects/${project.id}/audit`;
    expect((await call("GET", url, undefined, stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", "/api/projects/nope/audit")).statusCode).toBe(404);
    expect((await call("GET", url, undefined, "")).statusCode).toBe(401);
    expect((await call("GET", `${url}?cursor=yesterday`)).statusCode).toBe(400);
    expect((await call("GET", `${url}?limit=0`)).statusCode).toBe(400);
  });

  it("shows admins every event, filtered by action, and records build machines added and removed", async () => {
    const added = await call(
      "POST",
      "/api/admin/agents",
      { name: "Audit mini", platforms: ["apple"] },
      admin.cookie,
    );
    expect(added.statusCode, added.body).toBe(201);
    const { agent, token } = added.json<{ agent: { id: string }; token: string }>();
    expect(
      (await call("DELETE", `/api/admin/agents/${agent.id}`, undefined, admin.cookie)).statusCode,
    ).toBe(204);

    const all = await call("GET", "/api/admin/audit?limit=2", undefined, admin.cookie);
    expect(all.statusCode, all.body).toBe(200);
    expect(actionsOf(all.json<AuditPage>().events)).toEqual(["agent.removed", "agent.added"]);
    const filtered = await call(
      "GET",
      "/api/admin/audit?action=agent.added",
      undefined,
      admin.cookie,
    );
    const { events } = filtered.json<AuditPage>();
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.action === "agent.added")).toBe(true);
    expect(events[0]).toMatchObject({ actorId: admin.id, projectId: null });
    expect(JSON.stringify(events)).not.toContain(token);

    // The admin's address, proved by its verification link, made the account an admin's.
    const granted = await call(
      "GET",
      "/api/admin/audit?action=admin.granted",
      undefined,
      admin.cookie,
    );
    expect(granted.json<AuditPage>().events).toEqual([
      expect.objectContaining({ actorId: admin.id, details: { via: "verification" } }),
    ]);

    expect((await call("GET", "/api/admin/audit", undefined, owner.cookie)).statusCode).toBe(403);
    expect(
      (await call("GET", "/api/admin/audit?action=nothing", undefined, admin.cookie)).statusCode,
    ).toBe(400);
  });

  it("prunes the events older than the retention", async () => {
    const project = await seedProject(app, owner);
    await app.deps.db.insert(schema.auditEvents).values([
      { actorId: owner.id, projectId: project.id, action: "key.regenerated", time: new Date(0) },
      { actorId: owner.id, projectId: project.id, action: "channel.created" },
    ]);
    expect(await pruneAudit(app.deps.db, 30)).toBeGreaterThanOrEqual(1);
    const left = await app.deps.db
      .select({ action: schema.auditEvents.action })
      .from(schema.auditEvents)
      .where(eq(schema.auditEvents.projectId, project.id));
    expect(left).toEqual([{ action: "channel.created" }]);
  });
});
