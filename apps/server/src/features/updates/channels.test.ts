import { randomBytes } from "node:crypto";
import { QuotaTexts } from "@hybridge/shared/projects/texts";
import type { UpdatesListResponse } from "@hybridge/shared/updates/schemas";
import { UpdatesTexts } from "@hybridge/shared/updates/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { makeZip, projectStorageBytes, uploadBundle } from "../bundles/test-support";
import { deploy, sessionCall } from "./test-support";

/**
 * Decision 056: channels created in the console, the builds' channel, the console's upload as an
 * update, update zips in the storage quota and their deletion.
 */
let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene({ env: { PROJECT_MAX_STORAGE_MB: "1" } }));
});
afterAll(() => app?.cleanup());

const KB = 1024;

const call = (
  method: "GET" | "POST" | "PUT" | "DELETE" | "PATCH",
  url: string,
  payload?: unknown,
  cookie = owner.cookie,
) => sessionCall(app, cookie, method, url, payload);

async function listed(projectId: string) {
  const response = await call("GET", `/api/projects/${projectId}/updates`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UpdatesListResponse>();
}

/** A bundle whose index.html says `text`, with `kb` kB that do not compress. */
const bundleSaying = (text: string, kb = 1) =>
  makeZip([
    { name: "index.html", data: `<!doctype html><p>${text}</p>` },
    { name: "assets/data.bin", data: randomBytes(kb * KB) },
  ]);

async function deployableProject() {
  const project = await seedProject(app, owner);
  const created = await call("POST", `/api/projects/${project.id}/deploy-tokens`, { name: "CI" });
  expect(created.statusCode).toBe(201);
  return { ...project, token: created.json<{ secret: string }>().secret };
}

const usedBytes = (projectId: string) => projectStorageBytes(app, projectId);

/** What the project's bundles and updates take, from their rows. */
async function recordedBytes(projectId: string) {
  const bundles = await app.deps.db
    .select({ size: schema.webBundles.size })
    .from(schema.webBundles)
    .where(eq(schema.webBundles.projectId, projectId));
  const updates = await app.deps.db
    .select({ size: schema.updates.size })
    .from(schema.updates)
    .where(eq(schema.updates.projectId, projectId));
  return [...bundles, ...updates].reduce((sum, row) => sum + row.size, 0);
}

describe("channels", () => {
  it("are created empty and listed; a taken name is 409, also for two creates at once", async () => {
    const project = await seedProject(app, owner);
    const created = await call("POST", `/api/projects/${project.id}/updates/channels`, {
      name: "beta",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().channel).toMatchObject({ name: "beta", embeddedAt: null, updates: [] });
    const again = await call("POST", `/api/projects/${project.id}/updates/channels`, {
      name: "beta",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: UpdatesTexts.channelExists("beta") });

    const both = await Promise.all(
      [1, 2].map(() =>
        call("POST", `/api/projects/${project.id}/updates/channels`, { name: "qa" }),
      ),
    );
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const list = await listed(project.id);
    expect(list.channels.map((c) => c.name)).toEqual(["beta", "qa"]);
    expect(list.buildChannel).toBe("production");
  });

  it("refuses a bad name with the schema's message, and another user's project with 404", async () => {
    const project = await seedProject(app, owner);
    const bad = await call("POST", `/api/projects/${project.id}/updates/channels`, {
      name: "Beta Testers",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(UpdatesTexts.invalidChannel);
    const foreign = await call(
      "POST",
      `/api/projects/${project.id}/updates/channels`,
      { name: "beta" },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(404);
    const foreignSetting = await call(
      "PUT",
      `/api/projects/${project.id}/updates/build-channel`,
      { channel: "beta" },
      stranger.cookie,
    );
    expect(foreignSetting.statusCode).toBe(404);
    expect((await listed(project.id)).channels).toEqual([]);
  });

  it("the builds' channel is saved, listed and made if new", async () => {
    const project = await seedProject(app, owner);
    const set = await call("PUT", `/api/projects/${project.id}/updates/build-channel`, {
      channel: "beta",
    });
    expect(set.statusCode, set.body).toBe(200);
    const list = await listed(project.id);
    expect(list.buildChannel).toBe("beta");
    expect(list.channels.map((c) => c.name)).toEqual(["beta"]);
    const bad = await call("PUT", `/api/projects/${project.id}/updates/build-channel`, {
      channel: "",
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe("the console's upload", () => {
  it("makes no update without the opt-in", async () => {
    const project = await seedProject(app, owner);
    const res = await uploadBundle(app, project.id, owner.cookie, await bundleSaying("plain"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().update).toBeUndefined();
    expect((await listed(project.id)).channels).toEqual([]);
  });

  it("with asUpdate makes the update on its channel, rollout and message, and counts its zip", async () => {
    const project = await seedProject(app, owner);
    const res = await uploadBundle(
      app,
      project.id,
      owner.cookie,
      await bundleSaying("sent"),
      "dist.zip",
      {
        asUpdate: "true",
        channel: "beta",
        rolloutPercent: "20",
        message: "Fix the typo",
      },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().update).toMatchObject({
      channel: "beta",
      rolloutPercent: 20,
      message: "Fix the typo",
    });
    const [beta] = (await listed(project.id)).channels;
    expect(beta?.updates.map((u) => u.id)).toEqual([res.json().update.id]);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
    expect(await usedBytes(project.id)).toBe(res.json().update.size * 2);
  });

  it("refuses bad update fields, or fields without the opt-in, before reading the file", async () => {
    const project = await seedProject(app, owner);
    const zip = await bundleSaying("refused");
    const badRollout = await uploadBundle(app, project.id, owner.cookie, zip, "dist.zip", {
      asUpdate: "true",
      rolloutPercent: "0",
    });
    expect(badRollout.statusCode).toBe(400);
    expect(badRollout.json().message).toBe(UpdatesTexts.invalidRollout);
    const noOptIn = await uploadBundle(app, project.id, owner.cookie, zip, "dist.zip", {
      channel: "beta",
    });
    expect(noOptIn.statusCode).toBe(400);
    expect(noOptIn.json().message).toBe(UpdatesTexts.updateFieldsWithoutOptIn);
    expect(
      await app.deps.db
        .select()
        .from(schema.webBundles)
        .where(eq(schema.webBundles.projectId, project.id)),
    ).toEqual([]);
  });
});

describe("update zips in the storage quota", () => {
  it("a deploy whose update would not fit is refused with the storage-full message and leaves nothing", async () => {
    const project = await deployableProject();
    // 1 MB: a 400 kB bundle fits, but not with its 400 kB update beside a first 400 kB one.
    await deploy(app, project.token, await bundleSaying("first", 300));
    const before = await usedBytes(project.id);
    expect(before).toBe(await recordedBytes(project.id));
    await expect(deploy(app, project.token, await bundleSaying("second", 300))).rejects.toThrow(
      QuotaTexts.storageFull(1),
    );
    expect(await usedBytes(project.id)).toBe(before);
    expect(await recordedBytes(project.id)).toBe(before);
    const bundles = await app.deps.db
      .select()
      .from(schema.webBundles)
      .where(eq(schema.webBundles.projectId, project.id));
    expect(bundles).toHaveLength(1);
  });
});

describe("deleting an update", () => {
  it("is refused for a live update still needed, allowed once rolled back or replaced at 100 %; frees its bytes and file", async () => {
    const project = await deployableProject();
    const first = (await deploy(app, project.token, await bundleSaying("one"))).update;
    const second = (
      await deploy(app, project.token, await bundleSaying("two"), { rolloutPercent: "50" })
    ).update;
    if (!first || !second) throw new Error("no update");
    const path = (id: string) => `/api/projects/${project.id}/updates/${id}`;

    // The newer one is at 50 %: installs outside its cohort still run the first.
    const refused = await call("DELETE", path(first.id));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(UpdatesTexts.updateStillNeeded);
    expect((await call("DELETE", path(second.id))).statusCode).toBe(409);
    expect((await call("DELETE", path(first.id), undefined, stranger.cookie)).statusCode).toBe(404);

    // At 100 % but paused: still needed.
    await call("PATCH", path(second.id), { rolloutPercent: 100 });
    await call("PATCH", path(second.id), { paused: true });
    expect((await call("DELETE", path(first.id))).statusCode).toBe(409);
    await call("PATCH", path(second.id), { paused: false });

    const [firstRow] = await app.deps.db
      .select()
      .from(schema.updates)
      .where(eq(schema.updates.id, first.id));
    const before = await usedBytes(project.id);
    const deleted = await call("DELETE", path(first.id));
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await usedBytes(project.id)).toBe(before - first.size);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
    expect(await app.deps.storage.open(firstRow?.fileKey ?? "")).toBeNull();
    expect(
      await app.deps.db
        .select()
        .from(schema.storedFiles)
        .where(eq(schema.storedFiles.key, firstRow?.fileKey ?? "")),
    ).toEqual([]);
    expect((await call("DELETE", path(first.id))).statusCode).toBe(404);

    // A rolled-back update may go too.
    const rollback = await call(
      "POST",
      `/api/projects/${project.id}/channels/production/rollback`,
      {
        to: "embedded",
      },
    );
    expect(rollback.statusCode).toBe(204);
    expect((await call("DELETE", path(second.id))).statusCode).toBe(204);
    expect((await listed(project.id)).channels[0]?.updates).toEqual([]);
    expect(await usedBytes(project.id)).toBe(await recordedBytes(project.id));
  });
});
