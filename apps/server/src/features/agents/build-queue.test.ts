import { Writable } from "node:stream";
import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  postJson,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { seedBuild } from "../builds/test-support";
import { sweepExpiredLeases } from "./build-queue";
import {
  emptyBuildQueue,
  insertTestAgent,
  storedSigningKey,
  type TestKeystore,
  testKeystore,
} from "./test-support";

const ADMIN = "queue-admin@example.test";
const APK = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from("an android app")]);
const CERT = "cd".repeat(32);

let app: TestApp;
let owner: TestUser;
let first: TestKeystore;
let second: TestKeystore;
/** The app's log lines, as JSON objects. */
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  [first, second] = await Promise.all([
    testKeystore({ password: "first-password", name: "First" }),
    testKeystore({ password: "second-password", name: "Second" }),
  ]);
  app = await createTestApp({
    env: { ADMIN_EMAILS: ADMIN, BUILD_MAX_ARTIFACT_MB: "1", BUILD_LEASE_SECONDS: "30" },
    log: {
      level: "info",
      stream: new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split("\n").filter(Boolean)) {
            logLines.push(JSON.parse(line));
          }
          done();
        },
      }),
    },
  });
  owner = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});
beforeEach(() => emptyBuildQueue(app));

const addAgent = (platforms: string[] = ["android"]) => insertTestAgent(app, { platforms });

const agentCall = (
  token: string,
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object | Buffer,
  contentType?: string,
) =>
  app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${token}`,
      ...(contentType ? { "content-type": contentType } : {}),
    },
    payload,
  });

const claim = (token: string, platforms = ["android"]) =>
  agentCall(token, "POST", "/api/agents/claim", { platforms });
const progress = (token: string, buildId: string, percent: number, log?: string[]) =>
  agentCall(token, "POST", `/api/agents/builds/${buildId}/progress`, { percent, log });
const uploadApk = (token: string, buildId: string, body: Buffer = APK) =>
  agentCall(
    token,
    "PUT",
    `/api/agents/builds/${buildId}/artifact`,
    body,
    "application/vnd.android.package-archive",
  );
const complete = (token: string, buildId: string) =>
  agentCall(token, "POST", `/api/agents/builds/${buildId}/complete`, { certSha256: CERT });

const buildRow = async (id: string) =>
  (await app.deps.db.select().from(schema.builds).where(eq(schema.builds.id, id)))[0];

const request = (projectId: string, platform = "android") =>
  postJson(app, `/api/projects/${projectId}/builds`, { platform }, owner.cookie);

describe("claiming", () => {
  it("gives each of 30 queued builds to exactly one of 3 machines claiming at once", async () => {
    // One pending build per project and platform (decision 035): 30 projects.
    const projects = await Promise.all(Array.from({ length: 30 }, () => seedProject(app, owner)));
    const queued = await Promise.all(
      projects.map((project) => seedBuild(app, project, { platform: "android", version: 1 })),
    );
    const machines = await Promise.all([addAgent(), addAgent(), addAgent()]);
    const claimedBy = new Map<string, string[]>();
    await Promise.all(
      machines.map(async (machine) => {
        const mine: string[] = [];
        for (;;) {
          const res = await claim(machine.token);
          if (res.statusCode === 204) break;
          expect(res.statusCode).toBe(200);
          mine.push(res.json().job.buildId);
        }
        claimedBy.set(machine.id, mine);
      }),
    );
    const all = [...claimedBy.values()].flat();
    expect(all).toHaveLength(30);
    expect(new Set(all)).toEqual(new Set(queued.map((build) => build.id)));
    for (const [agentId, ids] of claimedBy) {
      for (const id of ids) expect((await buildRow(id))?.agentId).toBe(agentId);
    }
  });

  it("hands out the oldest first, with the app, no bundle, and no key at the first build", async () => {
    const project = await seedProject(app, owner, { name: "Café l'Ami" });
    const older = (await request(project.id)).json().build;
    await request(project.id);
    const machine = await addAgent();
    const res = await claim(machine.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().job).toMatchObject({
      buildId: older.id,
      platform: "android",
      version: 1,
      attempt: 1,
      leaseSeconds: 30,
      app: { name: "Café l'Ami", appCode: project.keyApp, iconUrl: null },
      bundle: null,
      signing: null,
      maxArtifactBytes: 1024 * 1024,
    });
    expect(await buildRow(older.id)).toMatchObject({ status: "building", attempts: 1 });
  });

  it("gives a machine only the platforms it was registered for", async () => {
    const project = await seedProject(app, owner);
    await request(project.id, "apple");
    const machine = await addAgent(["android"]);
    expect((await claim(machine.token, ["apple"])).statusCode).toBe(204);
    expect((await claim(machine.token, ["android", "apple"])).statusCode).toBe(204);
  });

  it("refuses a missing, unknown or revoked token with 401", async () => {
    const none = await app.inject({
      method: "POST",
      url: "/api/agents/claim",
      payload: { platforms: ["android"] },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().message).toBe(AgentsTexts.tokenRequired);
    expect(none.headers["www-authenticate"]).toContain("Bearer");
    const wrong = await claim("hb_agent_not-a-real-token");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(AgentsTexts.tokenInvalid);
  });
});

describe("a build on a machine", () => {
  it("carries the channel the project chose for its builds, and records it on the build", async () => {
    const project = await seedProject(app, owner);
    const chosen = await app.inject({
      method: "PUT",
      url: `/api/projects/${project.id}/updates/build-channel`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: { channel: "beta" },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ buildChannel: "beta" });
    const requested = (await request(project.id)).json().build;
    expect((await buildRow(requested.id))?.updateChannel).toBeNull();
    const machine = await addAgent();
    const { job } = (await claim(machine.token)).json();
    expect(job.buildId).toBe(requested.id);
    expect(job.updates.channel).toBe("beta");
    expect((await buildRow(requested.id))?.updateChannel).toBe("beta");
    const latest = await app.inject({
      url: `/api/projects/${project.id}/builds/latest?platform=android`,
      headers: { cookie: owner.cookie },
    });
    expect(latest.json().build.updateChannel).toBe("beta");
  });

  it("goes from building to ready with its log and app; the owner downloads it and publishes it", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const machine = await addAgent();
    const { job } = (await claim(machine.token)).json();
    expect(job.buildId).toBe(requested.id);
    // Its assets/hybridge.json: this server, production, the project's update key (made now).
    const [updateKey] = await app.deps.db
      .select()
      .from(schema.updateKeys)
      .where(eq(schema.updateKeys.projectId, project.id));
    expect(job.updates).toEqual({
      server: app.deps.config.publicUrl,
      channel: "production",
      publicKey: updateKey?.publicKey,
    });

    const beat = await progress(machine.token, requested.id, 40, ["aapt package", "zipalign"]);
    expect(beat.json()).toEqual({ cancelled: false });
    expect(await buildRow(requested.id)).toMatchObject({ buildPercent: "40" });
    expect((await uploadApk(machine.token, requested.id)).statusCode).toBe(200);
    expect((await complete(machine.token, requested.id)).statusCode).toBe(200);

    const latest = await app.inject({
      url: `/api/projects/${project.id}/builds/latest?platform=android`,
      headers: { cookie: owner.cookie },
    });
    expect(latest.json().build).toMatchObject({
      status: "ready",
      percent: 100,
      artifact: { size: APK.length },
      attempts: 1,
      queuePosition: null,
    });
    const log = await app.inject({
      url: `/api/projects/${project.id}/builds/${requested.id}/log`,
      headers: { cookie: owner.cookie },
    });
    expect(log.json().lines.map((line: { line: string }) => line.line)).toEqual([
      "aapt package",
      "zipalign",
    ]);
    const after = log.json().lines[0].seq;
    const more = await app.inject({
      url: `/api/projects/${project.id}/builds/${requested.id}/log?after=${after}`,
      headers: { cookie: owner.cookie },
    });
    expect(more.json().lines.map((line: { line: string }) => line.line)).toEqual(["zipalign"]);

    const apk = await app.inject({
      url: `/api/projects/${project.id}/builds/${requested.id}/apk`,
      headers: { cookie: owner.cookie },
    });
    expect(apk.statusCode).toBe(200);
    expect(apk.headers["content-type"]).toBe("application/vnd.android.package-archive");
    expect(apk.headers["content-disposition"]).toContain(`${project.keyApp}-v1.apk`);
    expect(apk.rawPayload.equals(APK)).toBe(true);

    const published = await postJson(app, `/api/builds/${requested.id}/publish`, {}, owner.cookie);
    expect(published.statusCode).toBe(200);
    const page = await app.inject({ url: `/api/install/${project.keyApp}` });
    expect(page.json().app).toMatchObject({
      name: project.name,
      // The default icon the APK carries, not a generic picture.
      iconUrl: "/api/files/default.png",
      android: { version: 1, size: APK.length },
    });
    const download = (agent: string) =>
      app.inject({ url: `/api/install/${project.keyApp}/apk`, headers: { "user-agent": agent } });
    expect((await download("Phone A")).rawPayload.equals(APK)).toBe(true);
    await download("Phone A");
    await download("Phone B");
    const [counter] = await app.deps.db
      .select()
      .from(schema.installCounters)
      .where(
        and(
          eq(schema.installCounters.projectId, project.id),
          eq(schema.installCounters.platform, "android"),
        ),
      );
    expect(counter?.count).toBe(2);
  });

  it("fails with the machine's reason, kept for the owner", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    const failed = await agentCall(
      machine.token,
      "POST",
      `/api/agents/builds/${requested.id}/fail`,
      {
        reason: "aapt: the manifest is not valid",
      },
    );
    expect(failed.statusCode).toBe(200);
    expect(await buildRow(requested.id)).toMatchObject({
      status: "failed",
      failureReason: "aapt: the manifest is not valid",
    });
    expect((await progress(machine.token, requested.id, 50)).statusCode).toBe(409);
  });

  it("refuses an app that is not a zip or is too large, and keeps nothing of it", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    const notZip = await uploadApk(
      machine.token,
      requested.id,
      Buffer.from("<html>not an apk</html>"),
    );
    expect(notZip.statusCode).toBe(400);
    expect(notZip.json().message).toBe(AgentsTexts.artifactNotApk);
    const huge = Buffer.concat([APK, Buffer.alloc(1024 * 1024 + 10)]);
    const tooLarge = await uploadApk(machine.token, requested.id, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect((await buildRow(requested.id))?.artifactKey).toBeNull();
    const files = await app.deps.db
      .select()
      .from(schema.storedFiles)
      .where(
        sql`${schema.storedFiles.key} like 'artifacts/%' and ${schema.storedFiles.ownerId} = ${owner.id}`,
      );
    const keys = files.map((file) => file.key);
    for (const key of keys) expect(await app.deps.storage.exists(key)).toBe(true);
    // Completing without an app is refused.
    expect((await complete(machine.token, requested.id)).statusCode).toBe(409);
  });

  it("is cancelled by its owner: the machine is told at its next heartbeat", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    const cancel = await postJson(
      app,
      `/api/projects/${project.id}/builds/${requested.id}/cancel`,
      {},
      owner.cookie,
    );
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().build.status).toBe("cancelled");
    expect((await progress(machine.token, requested.id, 60)).json()).toEqual({ cancelled: true });
    const again = await postJson(
      app,
      `/api/projects/${project.id}/builds/${requested.id}/cancel`,
      {},
      owner.cookie,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BuildsTexts.notCancellable("cancelled"));
  });

  it("cannot be published before it is ready", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const res = await postJson(app, `/api/builds/${requested.id}/publish`, {}, owner.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(BuildsTexts.notReady("pending"));
  });

  it("is another user's business only as a 404", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const stranger = await createTestUser(app);
    for (const url of [
      `/api/projects/${project.id}/builds/${requested.id}/log`,
      `/api/projects/${project.id}/builds/${requested.id}/apk`,
      `/api/projects/${project.id}/signing-key`,
      `/api/projects/${project.id}/signing-key/keystore`,
      `/api/projects/${project.id}/signing-key/password`,
    ]) {
      expect((await app.inject({ url, headers: { cookie: stranger.cookie } })).statusCode).toBe(
        404,
      );
    }
    const cancel = await postJson(
      app,
      `/api/projects/${project.id}/builds/${requested.id}/cancel`,
      {},
      stranger.cookie,
    );
    expect(cancel.statusCode).toBe(404);
    expect((await buildRow(requested.id))?.status).toBe("pending");
  });
});

describe("leases", () => {
  it("queues again a build whose machine went silent, then fails it at the second attempt", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const first = await addAgent();
    const second = await addAgent();
    await claim(first.token);
    const expire = () =>
      app.deps.db
        .update(schema.builds)
        .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(schema.builds.id, requested.id));
    await expire();
    expect(await sweepExpiredLeases(app.deps.db)).toBeGreaterThanOrEqual(1);
    expect(await buildRow(requested.id)).toMatchObject({
      status: "pending",
      attempts: 1,
      agentId: null,
    });
    // The silent machine comes back: the build is no longer its own.
    const late = await progress(first.token, requested.id, 90);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(AgentsTexts.leaseLost);

    const retry = await claim(second.token);
    expect(retry.json().job).toMatchObject({ buildId: requested.id, attempt: 2 });
    await expire();
    await sweepExpiredLeases(app.deps.db);
    expect(await buildRow(requested.id)).toMatchObject({
      status: "failed",
      failureReason: AgentsTexts.stoppedResponding,
      attempts: 2,
    });
  });

  it("keeps a build whose machine sends heartbeats", async () => {
    const project = await seedProject(app, owner);
    const requested = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    await app.deps.db
      .update(schema.builds)
      .set({ leaseExpiresAt: sql`now() + interval '1 second'` })
      .where(eq(schema.builds.id, requested.id));
    await progress(machine.token, requested.id, 10);
    await sweepExpiredLeases(app.deps.db);
    const row = await buildRow(requested.id);
    expect(row?.status).toBe("building");
    expect(row?.leaseExpiresAt?.getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});

describe("signing keys", () => {
  const putKey = (
    token: string,
    buildId: string,
    key: { bytes: Buffer; password: string; alias: string },
    url = `/api/agents/builds/${buildId}/signing-key`,
  ) =>
    app.inject({
      method: "PUT",
      url,
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/octet-stream",
        "x-keystore-password": key.password,
        "x-keystore-alias": key.alias,
      },
      payload: key.bytes,
    });
  it("keeps the first key of a project and answers it to a second machine; the owner sees the password once", async () => {
    const project = await seedProject(app, owner);
    const m1 = await addAgent();
    const m2 = await addAgent();
    const a = (await request(project.id)).json().build;
    await claim(m1.token);
    // A second request while the first builds (one pending at a time: decision 035).
    const b = (await request(project.id)).json().build;
    await claim(m2.token);
    const [one, two] = await Promise.all([
      putKey(m1.token, a.id, first),
      putKey(m2.token, b.id, second),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    const winner = one.statusCode === 201 ? one : two;
    const loser = one.statusCode === 201 ? two : one;
    expect(loser.json().signing.password).toBe(winner.json().signing.password);
    const keystore = await agentCall(m1.token, "GET", `/api/agents/builds/${a.id}/signing-key`);
    expect(keystore.statusCode).toBe(200);
    const won = winner === one ? first : second;
    expect(keystore.rawPayload.equals(won.bytes)).toBe(true);

    const info = () =>
      app.inject({
        url: `/api/projects/${project.id}/signing-key`,
        headers: { cookie: owner.cookie },
      });
    const shown = (await info()).json().signingKey;
    expect(shown).not.toHaveProperty("password");
    // The server read the certificate's fingerprint from the keystore itself.
    expect(shown.certSha256).toBe(won.certSha256);
    // The password, whenever the owner downloads the keystore: not once only.
    const password = () =>
      app.inject({
        url: `/api/projects/${project.id}/signing-key/password`,
        headers: { cookie: owner.cookie },
      });
    for (let read = 0; read < 2; read += 1) {
      const answer = await password();
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.json()).toEqual({ password: winner.json().signing.password });
    }
    const file = await app.inject({
      url: `/api/projects/${project.id}/signing-key/keystore`,
      headers: { cookie: owner.cookie },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(keystore.rawPayload)).toBe(true);

    // The next build of the project is given the key.
    await complete(m1.token, a.id).catch(() => {});
    const next = (await request(project.id)).json().build;
    await app.deps.db
      .update(schema.builds)
      .set({ status: "cancelled" })
      .where(inArray(schema.builds.id, [a.id, b.id]));
    const job = (await claim(m1.token)).json().job;
    expect(job.buildId).toBe(next.id);
    expect(job.signing).toMatchObject({
      password: winner.json().signing.password,
      alias: "upload",
    });
  });

  it("refuses a keystore the password does not open, without the alias, not PKCS#12, or none; nothing is stored", async () => {
    const project = await seedProject(app, owner);
    const a = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    for (const [key, message] of [
      [{ ...first, password: "not-the-password" }, AgentsTexts.keystoreWrongPassword],
      [{ ...first, alias: "key0" }, AgentsTexts.keystoreAliasMissing("key0", ["upload"])],
      [{ ...first, bytes: Buffer.from("not a keystore") }, AgentsTexts.keystoreNotPkcs12],
      [{ ...first, bytes: first.bytes.subarray(0, 200) }, AgentsTexts.keystoreNotPkcs12],
      [{ ...first, bytes: Buffer.alloc(0) }, AgentsTexts.keystoreRequired],
    ] as const) {
      const res = await putKey(machine.token, a.id, key);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message });
    }
    expect(await storedSigningKey(app, project.id)).toBeUndefined();
    // The machine can still send a good one.
    expect((await putKey(machine.token, a.id, first)).statusCode).toBe(201);
  });

  it("takes the password in a header, never in the URL: a refusal's log line does not hold it", async () => {
    const project = await seedProject(app, owner);
    const a = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    const secret = "never-logged-password-123";
    const res = await putKey(machine.token, a.id, { ...first, password: secret });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AgentsTexts.keystoreWrongPassword);
    const refused = logLines.filter((line) => line.msg === "request refused");
    expect(
      refused.some((line) => JSON.stringify(line).includes(`/api/agents/builds/${a.id}/`)),
    ).toBe(true);
    expect(logLines.filter((line) => JSON.stringify(line).includes(secret))).toEqual([]);
    // A password still sent in the query (an older machine) is not taken from there.
    const old = await putKey(
      machine.token,
      a.id,
      { ...first, password: "" },
      `/api/agents/builds/${a.id}/signing-key?password=${first.password}&alias=upload`,
    );
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(AgentsTexts.invalidPassword);
    expect(await storedSigningKey(app, project.id)).toBeUndefined();
  });

  it("refuses a keystore whose Content-Length is over 64 KB with 413, before reading it", async () => {
    const project = await seedProject(app, owner);
    const a = (await request(project.id)).json().build;
    const machine = await addAgent();
    await claim(machine.token);
    const res = await putKey(machine.token, a.id, {
      ...first,
      bytes: Buffer.alloc(65 * 1024, 0x30),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: AgentsTexts.keystoreTooLarge,
    });
    expect(await storedSigningKey(app, project.id)).toBeUndefined();
  });
});

describe("the queue as the console shows it", () => {
  it("gives pending builds their place and says when no machine can build them", async () => {
    const project = await seedProject(app, owner);
    const elsewhere = await Promise.all([1, 2, 3].map(() => seedProject(app, owner)));
    await request(elsewhere[0]?.id ?? "", "apple");
    await request(project.id, "android");
    await request(elsewhere[1]?.id ?? "", "apple");
    await request(project.id, "apple");
    await request(elsewhere[2]?.id ?? "", "apple");
    const latest = await app.inject({
      url: `/api/projects/${project.id}/builds/latest?platform=apple`,
      headers: { cookie: owner.cookie },
    });
    // Apple builds of every project queue together (one owner's: oldest first): 3rd of 4.
    expect(latest.json().build).toMatchObject({ queuePosition: 3, waitingForAgent: true });
    expect(latest.json().builderConnected).toBe(false);
    const mac = await addAgent(["apple"]);
    await claim(mac.token, ["apple"]);
    const after = await app.inject({
      url: `/api/projects/${project.id}/builds/latest?platform=apple`,
      headers: { cookie: owner.cookie },
    });
    expect(after.json().build).toMatchObject({ queuePosition: 2, waitingForAgent: false });
    // The Mac that called in is connected: an Apple request would not wait.
    expect(after.json().builderConnected).toBe(true);
  });
});

describe("admins and their build machines", () => {
  it("adds a machine with a token shown once, lists it as connected and busy, and revokes it", async () => {
    const admin = await createTestAdmin(app, { email: ADMIN });
    const created = await postJson(
      app,
      "/api/admin/agents",
      { name: "Mac mini", platforms: ["android"] },
      admin.cookie,
    );
    expect(created.statusCode).toBe(201);
    const { agent, token } = created.json();
    expect(token).toMatch(/^hb_agent_[A-Za-z0-9]{43}$/);
    expect(agent).toMatchObject({ name: "Mac mini", connected: false, busyWith: null });
    const [stored] = await app.deps.db
      .select()
      .from(schema.agents)
      .where(eq(schema.agents.id, agent.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    const project = await seedProject(app, owner, { name: "Busy app" });
    const requested = (await request(project.id)).json().build;
    await claim(token);
    const list = await app.inject({ url: "/api/admin/agents", headers: { cookie: admin.cookie } });
    expect(list.json().agents.find((a: { id: string }) => a.id === agent.id)).toMatchObject({
      connected: true,
      busyWith: { buildId: requested.id, projectName: "Busy app" },
    });

    const revoked = await app.inject({
      method: "DELETE",
      url: `/api/admin/agents/${agent.id}`,
      headers: { cookie: admin.cookie, origin: "http://localhost:3000" },
    });
    expect(revoked.statusCode).toBe(204);
    expect((await claim(token)).statusCode).toBe(401);
    expect(await buildRow(requested.id)).toMatchObject({ status: "pending", agentId: null });
  });

  it("is for admins only", async () => {
    expect(
      (await app.inject({ url: "/api/admin/agents", headers: { cookie: owner.cookie } }))
        .statusCode,
    ).toBe(403);
    const res = await postJson(
      app,
      "/api/admin/agents",
      { name: "X", platforms: ["android"] },
      owner.cookie,
    );
    expect(res.statusCode).toBe(403);
  });
});
