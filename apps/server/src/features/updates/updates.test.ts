import { createHash, createPublicKey, createVerify, randomUUID } from "node:crypto";
import { inCohort } from "@hybridge/shared/updates/rollout";
import type {
  UpdateCheckInput,
  UpdateCheckResponse,
  UpdatesListResponse,
} from "@hybridge/shared/updates/schemas";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countingDb } from "../../../test/counting-db";
import { seedProject } from "../../../test/seed";
import { createTestScene, TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { createEncryption } from "../../platform/encryption";
import { makeZip, sampleBundle } from "../bundles/test-support";
import { checkUpdate, decide } from "./check-update";
import { createUpdate } from "./create-update";
import { deploy, deployableProject as deployWith } from "./test-support";
import { channelCache } from "./update-cache";
import { ensureUpdateKey } from "./update-keys";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const RUNTIME = "android-1";

/** A project of the owner's with a deploy token, as `hybridge deploy` uses it. */
const deployableProject = () => deployWith(app, owner);

/** A bundle whose index.html says `text`: each deploy its own bytes. */
const bundleSaying = (text: string) =>
  makeZip([
    { name: "index.html", data: `<!doctype html><p>${text}</p>` },
    { name: "assets/app.js", data: `console.log(${JSON.stringify(text)})` },
  ]);

async function check(input: Partial<UpdateCheckInput> & { appKey: string }) {
  const response = await app.inject({
    method: "POST",
    url: "/api/v1/updates/check",
    payload: {
      channel: "production",
      runtimeVersion: RUNTIME,
      currentUpdateId: null,
      installId: `install-${randomUUID()}`,
      ...input,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UpdateCheckResponse>();
}

function report(payload: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/v1/updates/report", payload });
}

function ownerCall(
  method: "GET" | "PATCH" | "POST",
  url: string,
  payload?: unknown,
  cookie = owner.cookie,
) {
  return app.inject({
    method,
    url,
    headers: { origin: TEST_ORIGIN, cookie },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function listed(projectId: string) {
  const response = await ownerCall("GET", `/api/projects/${projectId}/updates`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<UpdatesListResponse>().channels;
}

describe("a deploy's update", () => {
  it("is on production at 100 %, its zip signed by the project's key and served with Range", async () => {
    const project = await deployableProject();
    const deployed = await deploy(app, project.token, await sampleBundle("dist/"));
    const update = deployed.update;
    expect(update).toMatchObject({ channel: "production", rolloutPercent: 100, paused: false });
    if (!update) throw new Error("no update");

    const offer = await check({ appKey: project.keyApp });
    expect(offer.embedded).toBe(false);
    expect(offer.update).toMatchObject({
      id: update.id,
      url: `${app.deps.config.publicUrl}/api/v1/updates/${update.id}/bundle`,
      sha256: update.sha256,
      size: update.size,
    });

    const whole = await app.inject({ url: `/api/v1/updates/${update.id}/bundle` });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["accept-ranges"]).toBe("bytes");
    expect(whole.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(whole.headers.etag).toBe(`"${update.sha256}"`);
    expect(Number(whole.headers["content-length"])).toBe(update.size);
    const zip = whole.rawPayload;
    expect(createHash("sha256").update(zip).digest("hex")).toBe(update.sha256);

    // What hybridge.json carries: the SPKI key, base64; Android's SHA256withECDSA is this.
    const [key] = await app.deps.db
      .select()
      .from(schema.updateKeys)
      .where(eq(schema.updateKeys.projectId, project.id));
    if (!key || !offer.update) throw new Error("no key");
    const publicKey = createPublicKey({
      key: Buffer.from(key.publicKey, "base64"),
      format: "der",
      type: "spki",
    });
    expect(publicKey.asymmetricKeyDetails?.namedCurve).toBe("prime256v1");
    const verify = (bytes: Buffer) =>
      createVerify("sha256")
        .update(bytes)
        .verify(publicKey, Buffer.from(offer.update?.signature ?? "", "base64"));
    expect(verify(zip)).toBe(true);
    const tampered = Buffer.from(zip);
    tampered[10] = (tampered[10] ?? 0) ^ 1;
    expect(verify(tampered)).toBe(false);
    // The private key is sealed, never in clear.
    expect(key.privateKeySealed.startsWith("v1.")).toBe(true);
    expect(key.privateKeySealed).not.toContain("PRIVATE KEY");

    // A download cut after 100 bytes, resumed from there: the same bytes.
    const rest = await app.inject({
      url: `/api/v1/updates/${update.id}/bundle`,
      headers: { range: "bytes=100-", "if-range": `"${update.sha256}"` },
    });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers["content-range"]).toBe(`bytes 100-${update.size - 1}/${update.size}`);
    expect(Buffer.concat([zip.subarray(0, 100), rest.rawPayload]).equals(zip)).toBe(true);
    const middle = await app.inject({
      url: `/api/v1/updates/${update.id}/bundle`,
      headers: { range: "bytes=5-9" },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.rawPayload.equals(zip.subarray(5, 10))).toBe(true);
    const beyond = await app.inject({
      url: `/api/v1/updates/${update.id}/bundle`,
      headers: { range: `bytes=${update.size}-` },
    });
    expect(beyond.statusCode).toBe(416);
    // An If-Range of another version: the whole file again.
    const stale = await app.inject({
      url: `/api/v1/updates/${update.id}/bundle`,
      headers: { range: "bytes=100-", "if-range": '"other"' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload.equals(zip)).toBe(true);

    expect((await app.inject({ url: `/api/v1/updates/${randomUUID()}/bundle` })).statusCode).toBe(
      404,
    );
    expect((await app.inject({ url: "/api/v1/updates/not-a-uuid/bundle" })).statusCode).toBe(404);
  });

  it("is the same zip, byte for byte, for the same files in another order", async () => {
    const project = await deployableProject();
    const files = [
      { name: "index.html", data: "<p>Same</p>" },
      { name: "b.js", data: "b" },
      { name: "a/c.css", data: "c" },
    ];
    const first = await deploy(app, project.token, await makeZip(files));
    const second = await deploy(app, project.token, await makeZip([...files].reverse()));
    expect(first.update?.sha256).toBe(second.update?.sha256);
    expect(first.update?.id).not.toBe(second.update?.id);
  });

  it("takes its channel, rollout and message from the deploy, and refuses bad ones before storing", async () => {
    const project = await deployableProject();
    const deployed = await deploy(app, project.token, await bundleSaying("beta"), {
      channel: "beta",
      rolloutPercent: "20",
      message: "Fix the typo",
    });
    expect(deployed.update).toMatchObject({
      channel: "beta",
      rolloutPercent: 20,
      message: "Fix the typo",
      runtimeVersion: RUNTIME,
    });
    const before = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.webBundles)
      .where(eq(schema.webBundles.projectId, project.id));
    const refused: Record<string, string>[] = [
      { rolloutPercent: "0" },
      { rolloutPercent: "101" },
      { rolloutPercent: "12.5" },
      { channel: "Beta" },
      { message: "x".repeat(201) },
    ];
    for (const fields of refused) {
      await expect(deploy(app, project.token, await bundleSaying("bad"), fields)).rejects.toThrow(
        /answered 400/,
      );
    }
    const after = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.webBundles)
      .where(eq(schema.webBundles.projectId, project.id));
    expect(after).toEqual(before);
  });
});

describe("the check", () => {
  it("offers only to the same runtime version, on the same channel", async () => {
    const project = await deployableProject();
    const production = (await deploy(app, project.token, await bundleSaying("p"))).update;
    const beta = (await deploy(app, project.token, await bundleSaying("b"), { channel: "beta" }))
      .update;
    expect((await check({ appKey: project.keyApp })).update?.id).toBe(production?.id);
    expect((await check({ appKey: project.keyApp, channel: "beta" })).update?.id).toBe(beta?.id);
    expect(await check({ appKey: project.keyApp, runtimeVersion: "android-2" })).toEqual({
      update: null,
      embedded: false,
    });
    expect(await check({ appKey: project.keyApp, channel: "nightly" })).toEqual({
      update: null,
      embedded: false,
    });
    expect(await check({ appKey: "no-such-app" })).toEqual({ update: null, embedded: false });
    // Already on the newest: nothing.
    expect(
      await check({ appKey: project.keyApp, currentUpdateId: production?.id ?? null }),
    ).toEqual({ update: null, embedded: false });
  });

  it("offers a paused update only to the installs already on it", async () => {
    const project = await deployableProject();
    const first = (await deploy(app, project.token, await bundleSaying("1"))).update;
    const second = (await deploy(app, project.token, await bundleSaying("2"))).update;
    if (!first || !second) throw new Error("no updates");
    const paused = await ownerCall("PATCH", `/api/projects/${project.id}/updates/${second.id}`, {
      paused: true,
    });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toMatchObject({ update: { id: second.id, paused: true } });
    // A new install gets the one before; an install on the paused one keeps it.
    expect((await check({ appKey: project.keyApp })).update?.id).toBe(first.id);
    expect(await check({ appKey: project.keyApp, currentUpdateId: second.id })).toEqual({
      update: null,
      embedded: false,
    });
    await ownerCall("PATCH", `/api/projects/${project.id}/updates/${second.id}`, { paused: false });
    expect((await check({ appKey: project.keyApp })).update?.id).toBe(second.id);
  });

  it("rolls a channel back to an earlier update, then to the embedded bundle", async () => {
    const project = await deployableProject();
    const first = (await deploy(app, project.token, await bundleSaying("1"))).update;
    const second = (await deploy(app, project.token, await bundleSaying("2"))).update;
    const beta = (await deploy(app, project.token, await bundleSaying("b"), { channel: "beta" }))
      .update;
    if (!first || !second || !beta) throw new Error("no updates");
    const rollback = (to: string, channel = "production") =>
      ownerCall("POST", `/api/projects/${project.id}/channels/${channel}/rollback`, { to });

    expect((await rollback(first.id)).statusCode).toBe(204);
    // An install on the withdrawn update goes to the earlier one; one on it stays.
    expect((await check({ appKey: project.keyApp, currentUpdateId: second.id })).update?.id).toBe(
      first.id,
    );
    expect((await check({ appKey: project.keyApp })).update?.id).toBe(first.id);
    expect(await check({ appKey: project.keyApp, currentUpdateId: first.id })).toEqual({
      update: null,
      embedded: false,
    });
    // A withdrawn update cannot be the target, nor another channel's.
    expect((await rollback(second.id)).statusCode).toBe(409);
    expect((await rollback(beta.id)).statusCode).toBe(404);
    expect((await rollback(first.id, "nightly")).statusCode).toBe(404);

    expect((await rollback("embedded")).statusCode).toBe(204);
    expect(await check({ appKey: project.keyApp, currentUpdateId: first.id })).toEqual({
      update: null,
      embedded: true,
    });
    // An install on the embedded bundle: nothing to do. The beta channel is untouched.
    expect(await check({ appKey: project.keyApp })).toEqual({ update: null, embedded: false });
    expect((await check({ appKey: project.keyApp, channel: "beta" })).update?.id).toBe(beta.id);

    const [production] = (await listed(project.id)).filter((c) => c.name === "production");
    expect(production?.embeddedAt).not.toBeNull();
    expect(production?.updates.map((u) => [u.id, u.rolledBackAt !== null])).toEqual([
      [second.id, true],
      [first.id, true],
    ]);

    // A new deploy after it is offered again, to everyone.
    const third = (await deploy(app, project.token, await bundleSaying("3"))).update;
    expect((await check({ appKey: project.keyApp, currentUpdateId: first.id })).update?.id).toBe(
      third?.id,
    );
  });
});

describe("the check's cost", () => {
  it("is at most two queries, and the channel's list is read once for many installs", async () => {
    const project = await deployableProject();
    const updates = [];
    for (let i = 0; i < 5; i++) {
      updates.push((await deploy(app, project.token, await bundleSaying(`n${i}`))).update);
    }
    await ownerCall("POST", `/api/projects/${project.id}/channels/production/rollback`, {
      to: updates[1]?.id,
    });
    channelCache.clear();
    const counted = countingDb(app);
    const input = (installId: string) => ({
      appKey: project.keyApp,
      channel: "production",
      runtimeVersion: RUNTIME,
      currentUpdateId: null,
      installId,
    });
    const first = await checkUpdate({
      db: counted.db,
      publicUrl: "https://example.test",
      input: input("install-first"),
    });
    expect(first.update?.id).toBe(updates[1]?.id);
    expect(counted.count()).toBe(2);
    for (let i = 0; i < 20; i++) {
      await checkUpdate({ db: counted.db, publicUrl: "", input: input(`install-more-${i}`) });
    }
    // One insert of "asked" each: the list came from the cache.
    expect(counted.count()).toBe(22);
  });
});

describe("staged rollout", () => {
  const installs = Array.from({ length: 10_000 }, (_, i) => `install-${i}-${i * 7919}`);

  it("gives each percentage its share of 10,000 installs, and a larger one keeps every install in", () => {
    const updateId = randomUUID();
    let previous = new Set<string>();
    for (const percent of [1, 5, 20, 50, 80, 100]) {
      const cohort = new Set(installs.filter((id) => inCohort(id, updateId, percent)));
      expect(Math.abs((cohort.size / installs.length) * 100 - percent)).toBeLessThanOrEqual(2);
      for (const id of previous) expect(cohort.has(id)).toBe(true);
      previous = cohort;
    }
  });

  it("answers the check by the cohort: raising 20 → 50 keeps every install that had it", async () => {
    const project = await deployableProject();
    const update = (
      await deploy(app, project.token, await bundleSaying("staged"), { rolloutPercent: "20" })
    ).update;
    if (!update) throw new Error("no update");
    // The decision over 10,000 installs, with the channel as the check reads it.
    const channel = {
      embeddedAt: null,
      updates: [
        {
          id: update.id,
          runtimeVersion: RUNTIME,
          rolloutPercent: 20,
          paused: false,
          rolledBack: false,
          size: update.size,
          sha256: update.sha256,
          signature: "",
        },
      ],
    };
    const offeredAt = (percent: number) =>
      new Set(
        installs.filter((installId) => {
          const entry = channel.updates[0];
          if (entry) entry.rolloutPercent = percent;
          return (
            decide(channel, { runtimeVersion: RUNTIME, currentUpdateId: null, installId })
              .target !== null
          );
        }),
      );
    const at20 = offeredAt(20);
    const at50 = offeredAt(50);
    expect(Math.abs(at20.size / 100 - 20)).toBeLessThanOrEqual(2);
    expect(Math.abs(at50.size / 100 - 50)).toBeLessThanOrEqual(2);
    for (const id of at20) expect(at50.has(id)).toBe(true);

    // The API agrees with it, for a sample, before and after raising the rollout.
    const sample = installs.slice(0, 60);
    for (const installId of sample) {
      const answer = await check({ appKey: project.keyApp, installId });
      expect(answer.update?.id ?? null).toBe(at20.has(installId) ? update.id : null);
    }
    const raised = await ownerCall("PATCH", `/api/projects/${project.id}/updates/${update.id}`, {
      rolloutPercent: 50,
    });
    expect(raised.json()).toMatchObject({ update: { rolloutPercent: 50 } });
    for (const installId of sample) {
      const answer = await check({ appKey: project.keyApp, installId });
      expect(answer.update?.id ?? null).toBe(at50.has(installId) ? update.id : null);
    }
  });
});

describe("reports", () => {
  it("count per update, once per install, and refuse bad input without writing", async () => {
    const project = await deployableProject();
    const update = (await deploy(app, project.token, await bundleSaying("counted"))).update;
    if (!update) throw new Error("no update");
    const installs = ["phone-aaaaaaaa", "phone-bbbbbbbb", "phone-cccccccc"];
    for (const installId of installs) await check({ appKey: project.keyApp, installId });
    const send = async (installId: string, event: string, reason?: string) => {
      const response = await report({
        appKey: project.keyApp,
        installId,
        updateId: update.id,
        event,
        ...(reason ? { reason } : {}),
      });
      expect(response.statusCode, response.body).toBe(204);
    };
    for (const installId of installs) await send(installId, "downloaded");
    await send("phone-aaaaaaaa", "downloaded");
    await send("phone-aaaaaaaa", "applied");
    await send("phone-aaaaaaaa", "applied");
    await send("phone-aaaaaaaa", "ready");
    await send("phone-bbbbbbbb", "applied");
    await send("phone-bbbbbbbb", "rolled-back", "no ready within 10 s");
    await send("phone-cccccccc", "failed", "signature mismatch");
    // An install the check never saw still counts as having asked.
    await send("phone-dddddddd", "failed", "hash mismatch");

    const counts = async () =>
      (await listed(project.id)).find((c) => c.name === "production")?.updates[0]?.counts;
    expect(await counts()).toEqual({
      asked: 4,
      downloaded: 3,
      applied: 2,
      ready: 1,
      failed: 2,
      rolledBack: 1,
    });
    const [row] = await app.deps.db
      .select()
      .from(schema.updateInstalls)
      .where(eq(schema.updateInstalls.installId, "phone-bbbbbbbb"));
    expect(row).toMatchObject({ state: "rolled-back", reason: "no ready within 10 s" });
    // A late "downloaded" never moves the state back.
    await send("phone-aaaaaaaa", "downloaded");
    const [a] = await app.deps.db
      .select()
      .from(schema.updateInstalls)
      .where(eq(schema.updateInstalls.installId, "phone-aaaaaaaa"));
    expect(a?.state).toBe("ready");

    const rows = async () => app.deps.db.select().from(schema.updateInstalls);
    const before = await rows();
    const good = {
      appKey: project.keyApp,
      installId: "phone-eeeeeeee",
      updateId: update.id,
      event: "downloaded",
    };
    for (const bad of [
      { ...good, event: "installed" },
      { ...good, installId: "short" },
      { ...good, installId: "has space in it" },
      { ...good, updateId: "not-a-uuid" },
      { ...good, reason: "x".repeat(501) },
      { ...good, appKey: undefined },
    ]) {
      const response = await report(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toHaveProperty("code", "VALIDATION");
    }
    // Another app's key, or an unknown update: 204 and nothing written.
    expect((await report({ ...good, appKey: "another-app" })).statusCode).toBe(204);
    expect((await report({ ...good, updateId: randomUUID() })).statusCode).toBe(204);
    expect(await rows()).toEqual(before);
  });
});

describe("the owner's routes", () => {
  it("are 404 for another user's project", async () => {
    const project = await deployableProject();
    const update = (await deploy(app, project.token, await bundleSaying("mine"))).update;
    if (!update) throw new Error("no update");
    const asStranger = [
      await ownerCall("GET", `/api/projects/${project.id}/updates`, undefined, stranger.cookie),
      await ownerCall(
        "PATCH",
        `/api/projects/${project.id}/updates/${update.id}`,
        { rolloutPercent: 10 },
        stranger.cookie,
      ),
      await ownerCall(
        "POST",
        `/api/projects/${project.id}/channels/production/rollback`,
        { to: "embedded" },
        stranger.cookie,
      ),
    ];
    expect(asStranger.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    // Nothing changed.
    const [channel] = await listed(project.id);
    expect(channel?.embeddedAt).toBeNull();
    expect(channel?.updates[0]).toMatchObject({ rolloutPercent: 100, rolledBackAt: null });
    // An update of another project of the owner's is not found through this one.
    const other = await deployableProject();
    expect(
      (
        await ownerCall("PATCH", `/api/projects/${other.id}/updates/${update.id}`, {
          rolloutPercent: 10,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ownerCall("PATCH", `/api/projects/${project.id}/updates/${update.id}`, {})).statusCode,
    ).toBe(400);
  });
});

describe("concurrency", () => {
  it("two concurrent first deploys make one update key, both updates signed by it", async () => {
    const project = await deployableProject();
    const [a, b] = await Promise.all([
      deploy(app, project.token, await bundleSaying("a")),
      deploy(app, project.token, await bundleSaying("b")),
    ]);
    const keys = await app.deps.db
      .select()
      .from(schema.updateKeys)
      .where(eq(schema.updateKeys.projectId, project.id));
    expect(keys).toHaveLength(1);
    const publicKey = createPublicKey({
      key: Buffer.from(keys[0]?.publicKey ?? "", "base64"),
      format: "der",
      type: "spki",
    });
    for (const update of [a.update, b.update]) {
      const offer = await check({ appKey: project.keyApp });
      expect(offer.update).not.toBeNull();
      const [row] = await app.deps.db
        .select()
        .from(schema.updates)
        .where(eq(schema.updates.id, update?.id ?? ""));
      const zip = (await app.inject({ url: `/api/v1/updates/${update?.id}/bundle` })).rawPayload;
      expect(
        createVerify("sha256")
          .update(zip)
          .verify(publicKey, Buffer.from(row?.signature ?? "", "base64")),
      ).toBe(true);
    }
  });

  it("concurrent first needs of the key agree on one", async () => {
    const project = await seedProject(app, owner);
    const seal = createEncryption(app.deps.config.secret, "updateKey");
    const keys = await Promise.all(
      Array.from({ length: 4 }, () => ensureUpdateKey(app.deps.db, seal, project.id)),
    );
    expect(new Set(keys.map((key) => key.publicKey)).size).toBe(1);
  });

  it("two concurrent creates on a new channel make one channel", async () => {
    const project = await deployableProject();
    const { bundle } = await deploy(app, project.token, await bundleSaying("source"));
    const seal = createEncryption(app.deps.config.secret, "updateKey");
    const create = () =>
      createUpdate({
        db: app.deps.db,
        storage: app.deps.storage,
        seal,
        projectId: project.id,
        ownerId: owner.id,
        bundleId: bundle.id,
        channel: "fresh",
        message: "",
        rolloutPercent: 100,
        runtimeVersion: RUNTIME,
      });
    const created = await Promise.all([create(), create(), create()]);
    const channels = await app.deps.db
      .select()
      .from(schema.updateChannels)
      .where(eq(schema.updateChannels.projectId, project.id));
    expect(channels.map((c) => c.name).sort()).toEqual(["fresh", "production"]);
    const fresh = (await listed(project.id)).find((c) => c.name === "fresh");
    expect(fresh?.updates.map((u) => u.id).sort()).toEqual(created.map((u) => u.id).sort());
  });
});
