import { AgentsTexts } from "@hybridge/shared/agents/texts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FormPart, multipart } from "../../../test/multipart";
import { seedProject } from "../../../test/seed";
import { createTestScene, TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { seedBuild } from "../builds/test-support";
import {
  emptyBuildQueue,
  insertTestAgent,
  storedSigningKey,
  type TestKeystore,
  testKeystore,
} from "./test-support";

/**
 * The owner's upload key before the first publication (decision 033): replaced by a keystore of
 * the owner's (checked as a machine's is), or reset so that the next build makes one; refused
 * once an Android build is published; another user's project is a 404.
 */
let app: TestApp, owner: TestUser, stranger: TestUser;
let machineKey: TestKeystore;
let ownersKey: TestKeystore;

beforeAll(async () => {
  [machineKey, ownersKey] = await Promise.all([
    testKeystore({ password: "machine-made-password", name: "Machine" }),
    testKeystore({ password: "Owner's pass phrase!", alias: "key0", name: "Owner" }),
  ]);
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());
beforeEach(() => emptyBuildQueue(app));

const url = (projectId: string) => `/api/projects/${projectId}/signing-key`;

function replace(
  projectId: string,
  parts: { password?: string; alias?: string; file?: Buffer | null },
  cookie = owner.cookie,
) {
  const form: FormPart[] = [];
  if (parts.password !== undefined) form.push({ name: "password", value: parts.password });
  if (parts.alias !== undefined) form.push({ name: "alias", value: parts.alias });
  if (parts.file) {
    form.push({
      name: "keystore",
      filename: "upload.p12",
      contentType: "application/x-pkcs12",
      data: parts.file,
    });
  }
  const body = multipart(form);
  return app.inject({
    method: "PUT",
    url: url(projectId),
    headers: { origin: TEST_ORIGIN, cookie, ...body.headers },
    payload: body.payload,
  });
}
const replaceWith = (projectId: string, key: TestKeystore, cookie?: string) =>
  replace(projectId, { password: key.password, alias: key.alias, file: key.bytes }, cookie);

const reset = (projectId: string, cookie = owner.cookie) =>
  app.inject({ method: "DELETE", url: url(projectId), headers: { origin: TEST_ORIGIN, cookie } });

const info = async (projectId: string) =>
  (await app.inject({ url: url(projectId), headers: { cookie: owner.cookie } })).json();

/** A build machine, inserted directly, and its calls. */
async function addMachine() {
  const { token } = await insertTestAgent(app, { name: "Machine" });
  const call = (method: "GET" | "POST" | "PUT", path: string, payload?: object | Buffer) =>
    app.inject({
      method,
      url: path,
      headers: {
        authorization: `Bearer ${token}`,
        ...(Buffer.isBuffer(payload)
          ? {
              "content-type": "application/octet-stream",
              "x-keystore-password": machineKey.password,
              "x-keystore-alias": machineKey.alias,
            }
          : {}),
      },
      payload,
    });
  return {
    claim: async () => (await call("POST", "/api/agents/claim", { platforms: ["android"] })).json(),
    progress: (buildId: string) =>
      call("POST", `/api/agents/builds/${buildId}/progress`, { percent: 50 }),
    putKey: (buildId: string) =>
      call("PUT", `/api/agents/builds/${buildId}/signing-key`, machineKey.bytes),
    download: (path: string) => call("GET", path),
  };
}

const buildRow = async (id: string) =>
  (await app.deps.db.select().from(schema.builds).where(eq(schema.builds.id, id)))[0];

/** A project whose first build's machine made and stored its key. */
async function projectWithMachineKey() {
  const project = await seedProject(app, owner);
  const first = await seedBuild(app, project, { platform: "android", version: 1 });
  const machine = await addMachine();
  expect((await machine.claim()).job.buildId).toBe(first.id);
  expect((await machine.putKey(first.id)).statusCode).toBe(201);
  return { project, first, machine };
}

describe("replacing the upload key", () => {
  it("keeps the owner's keystore, which the next build signs with, and gives its password back with the download", async () => {
    const project = await seedProject(app, owner);
    expect(await info(project.id)).toEqual({ signingKey: null, changeable: true });
    const res = await replaceWith(project.id, ownersKey);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      signingKey: { certSha256: ownersKey.certSha256, alias: "key0" },
      changeable: true,
    });
    const download = await app.inject({
      url: `${url(project.id)}/keystore`,
      headers: { cookie: owner.cookie },
    });
    expect(download.rawPayload.equals(ownersKey.bytes)).toBe(true);
    const password = await app.inject({
      url: `${url(project.id)}/password`,
      headers: { cookie: owner.cookie },
    });
    expect(password.json()).toEqual({ password: ownersKey.password });

    const build = await seedBuild(app, project, { platform: "android", version: 1 });
    const machine = await addMachine();
    const { job } = await machine.claim();
    expect(job.buildId).toBe(build.id);
    expect(job.signing).toMatchObject({ password: ownersKey.password, alias: "key0" });
    const keystore = await machine.download(job.signing.keystoreUrl);
    expect(keystore.rawPayload.equals(ownersKey.bytes)).toBe(true);
  });

  it("refuses a keystore that does not open, lacks the alias, is not PKCS#12, is missing or too large; the key stays", async () => {
    const { project } = await projectWithMachineKey();
    const before = await storedSigningKey(app, project.id);
    for (const [parts, status, message] of [
      [
        { password: "not the password", alias: "key0", file: ownersKey.bytes },
        400,
        AgentsTexts.keystoreWrongPassword,
      ],
      [
        { password: ownersKey.password, alias: "upload", file: ownersKey.bytes },
        400,
        AgentsTexts.keystoreAliasMissing("upload", ["key0"]),
      ],
      [
        { password: ownersKey.password, alias: "key0", file: Buffer.from("a keystore?") },
        400,
        AgentsTexts.keystoreNotPkcs12,
      ],
      [
        { password: ownersKey.password, alias: "key0", file: null },
        400,
        AgentsTexts.keystoreFileRequired,
      ],
      [
        { password: "short", alias: "key0", file: ownersKey.bytes },
        400,
        AgentsTexts.invalidOwnerPassword,
      ],
      [
        { password: ownersKey.password, alias: "key 0", file: ownersKey.bytes },
        400,
        AgentsTexts.invalidAlias,
      ],
      [
        { password: ownersKey.password, alias: "key0", file: Buffer.alloc(70 * 1024, 0x30) },
        413,
        AgentsTexts.keystoreTooLarge,
      ],
    ] as const) {
      const res = await replace(project.id, parts);
      expect(res.statusCode, message).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect(await storedSigningKey(app, project.id)).toEqual(before);
  });

  it("fails the builds signed, or being signed, with the key it replaces", async () => {
    const { project, first, machine } = await projectWithMachineKey();
    // The first build is ready, signed with the machine's key; a second one is building.
    await app.deps.db
      .update(schema.builds)
      .set({ status: "ready", certSha256: machineKey.certSha256 })
      .where(eq(schema.builds.id, first.id));
    const second = await seedBuild(app, project, { platform: "android", version: 2 });
    expect((await machine.claim()).job).toMatchObject({
      buildId: second.id,
      signing: { password: machineKey.password },
    });
    const queued = await seedBuild(app, project, { platform: "android", version: 3 });

    expect((await replaceWith(project.id, ownersKey)).statusCode).toBe(200);
    for (const id of [first.id, second.id]) {
      expect(await buildRow(id)).toMatchObject({
        status: "failed",
        failureReason: AgentsTexts.signedWithOldKey,
      });
    }
    // The machine signing with the old key is told to stop.
    expect((await machine.progress(second.id)).statusCode).toBe(409);
    // The queued build is signed with the owner's key.
    expect((await machine.claim()).job).toMatchObject({
      buildId: queued.id,
      signing: { password: ownersKey.password, alias: "key0" },
    });
    // The same keystore again changes nothing: what it signed stays.
    await app.deps.db
      .update(schema.builds)
      .set({ status: "ready", certSha256: ownersKey.certSha256 })
      .where(eq(schema.builds.id, queued.id));
    expect((await replaceWith(project.id, ownersKey)).statusCode).toBe(200);
    expect((await buildRow(queued.id))?.status).toBe("ready");
  });
});

describe("resetting the upload key", () => {
  it("drops the key: the next build makes a new one; builds signed with the old one fail", async () => {
    const { project, first, machine } = await projectWithMachineKey();
    const res = await reset(project.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signingKey: null, changeable: true });
    expect(await storedSigningKey(app, project.id)).toBeUndefined();
    expect(await buildRow(first.id)).toMatchObject({
      status: "failed",
      failureReason: AgentsTexts.signedWithOldKey,
    });
    const log = await app.deps.db
      .select({ line: schema.buildLogs.line })
      .from(schema.buildLogs)
      .where(eq(schema.buildLogs.buildId, first.id));
    expect(log.map((row) => row.line)).toContain(`Failed: ${AgentsTexts.signedWithOldKey}`);

    const next = await seedBuild(app, project, { platform: "android", version: 1 });
    expect((await machine.claim()).job).toMatchObject({ buildId: next.id, signing: null });
    expect((await machine.putKey(next.id)).statusCode).toBe(201);
    // Nothing to reset: the same answer.
    expect((await reset((await seedProject(app, owner)).id)).statusCode).toBe(200);
  });
});

describe("once an Android build is published", () => {
  it("refuses to replace or reset the key (409), and says so in the key's answer", async () => {
    const { project, first } = await projectWithMachineKey();
    await app.deps.db
      .update(schema.builds)
      .set({ status: "published", publishedAt: new Date() })
      .where(and(eq(schema.builds.id, first.id)));
    const before = await storedSigningKey(app, project.id);
    for (const res of [await replaceWith(project.id, ownersKey), await reset(project.id)]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: "CONFLICT", message: AgentsTexts.uploadKeyLocked });
    }
    expect(await storedSigningKey(app, project.id)).toEqual(before);
    expect((await info(project.id)).changeable).toBe(false);
  });
});

describe("another user's project", () => {
  it("is a 404 to replace or reset, and its key stays", async () => {
    const { project } = await projectWithMachineKey();
    const before = await storedSigningKey(app, project.id);
    expect((await replaceWith(project.id, ownersKey, stranger.cookie)).statusCode).toBe(404);
    expect((await reset(project.id, stranger.cookie)).statusCode).toBe(404);
    expect(await storedSigningKey(app, project.id)).toEqual(before);
  });
});
