import { randomUUID } from "node:crypto";
import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedKeyedProject } from "../../../test/seed";
import { createTestScene, TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";

let app: TestApp, owner: TestUser;
beforeAll(async () => {
  ({ app, owner } = await createTestScene());
});
afterAll(() => app?.cleanup());

let ipCounter = 0;
/** Each call its own client address, so that the per-address limit never touches another test. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The mobile app's call: no session, no origin; the database key as a Bearer token. */
const install = (
  payload: unknown,
  options: { key?: string | null; authorization?: string; ip?: string } = {},
) =>
  app.inject({
    method: "POST",
    url: "/api/v1/installs",
    remoteAddress: options.ip ?? newIp(),
    headers: options.authorization
      ? { authorization: options.authorization }
      : options.key
        ? { authorization: `Bearer ${options.key}` }
        : {},
    payload: payload as object,
  });

const countOf = async (projectId: string, platform: string) =>
  (
    await app.deps.db
      .select()
      .from(schema.installCounters)
      .where(
        and(
          eq(schema.installCounters.projectId, projectId),
          eq(schema.installCounters.platform, platform),
        ),
      )
  )[0]?.count;
const devicesOf = async (projectId: string) =>
  app.deps.db.select().from(schema.appInstalls).where(eq(schema.appInstalls.projectId, projectId));

const unauthorised = { code: ErrorCodes.UNAUTHENTICATED, message: BuildsTexts.installKeyRequired };

describe("POST /api/v1/installs", () => {
  it("counts each device once per platform, with the project's key and no session", async () => {
    const project = await seedKeyedProject(app, owner);
    const key = project.databaseKey;
    const phone = randomUUID();
    const first = await install(
      { appKey: project.keyApp, platform: "android", installId: phone },
      { key },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ counted: true });
    // The same device again (a retry, a restart): not counted twice.
    const again = await install(
      { appKey: project.keyApp, platform: "android", installId: phone },
      { key },
    );
    expect(again.json()).toEqual({ counted: false });
    expect(await countOf(project.id, "android")).toBe(1);

    const other = await install(
      { appKey: project.keyApp, platform: "android", installId: "device_0123456789-abc" },
      { key },
    );
    expect(other.json()).toEqual({ counted: true });
    const apple = await install(
      { appKey: project.keyApp, platform: "apple", installId: phone },
      { key },
    );
    expect(apple.json()).toEqual({ counted: true });
    expect(await countOf(project.id, "android")).toBe(2);
    expect(await countOf(project.id, "apple")).toBe(1);
    expect(await devicesOf(project.id)).toHaveLength(3);

    // The project list shows the counts.
    const list = await app.inject({
      method: "GET",
      url: "/api/projects",
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    const listed = list.json().projects.find((p: { id: string }) => p.id === project.id);
    expect(listed.installs).toEqual({ apple: 1, android: 2 });
  });

  it("counts 50 simultaneous reports of one device once", async () => {
    const project = await seedKeyedProject(app, owner);
    const body = { appKey: project.keyApp, platform: "apple", installId: randomUUID() };
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => install(body, { key: project.databaseKey, ip })),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.filter((res) => res.json().counted)).toHaveLength(1);
    expect(await countOf(project.id, "apple")).toBe(1);
    expect(await devicesOf(project.id)).toHaveLength(1);
  });

  it("loses no count when 50 devices report at once", async () => {
    const project = await seedKeyedProject(app, owner);
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        install(
          { appKey: project.keyApp, platform: "android", installId: randomUUID() },
          { key: project.databaseKey, ip },
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    expect(answers.every((res) => res.json().counted === true)).toBe(true);
    expect(await countOf(project.id, "android")).toBe(50);
  });

  it.each([
    { label: "no Authorization header", authorization: undefined },
    { label: "an empty bearer", authorization: "Bearer " },
    { label: "another scheme", authorization: "Basic dXNlcjpwYXNz" },
    { label: "a wrong key", authorization: `Bearer hb_test_${"x".repeat(43)}` },
  ])("refuses $label with 401 and counts nothing", async ({ authorization }) => {
    const project = await seedKeyedProject(app, owner);
    const res = await install(
      { appKey: project.keyApp, platform: "android", installId: randomUUID() },
      { authorization },
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorised);
    expect(res.headers["www-authenticate"]).toBe('Bearer realm="hybridge-installs"');
    expect(await countOf(project.id, "android")).toBeUndefined();
    expect(await devicesOf(project.id)).toHaveLength(0);
  });

  it("refuses another project's key and the owner's session, and answers an unknown app code like a wrong key", async () => {
    const project = await seedKeyedProject(app, owner);
    const other = await seedKeyedProject(app, owner);
    const body = { appKey: project.keyApp, platform: "android", installId: randomUUID() };
    expect((await install(body, { key: other.databaseKey })).statusCode).toBe(401);
    const withCookie = await app.inject({
      method: "POST",
      url: "/api/v1/installs",
      remoteAddress: newIp(),
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
      payload: body,
    });
    expect(withCookie.statusCode).toBe(401);

    const unknown = await install(
      { ...body, appKey: "no-such-app-code" },
      { key: project.databaseKey },
    );
    const wrong = await install(body, { key: `hb_test_${"y".repeat(43)}` });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
    expect(unknown.headers["www-authenticate"]).toBe(wrong.headers["www-authenticate"]);
    expect(await countOf(project.id, "android")).toBeUndefined();
  });

  it("answers 400 for a bad platform or install id, counting nothing", async () => {
    const project = await seedKeyedProject(app, owner);
    const key = project.databaseKey;
    const valid = { appKey: project.keyApp, platform: "android", installId: randomUUID() };
    const bad = await install({ ...valid, platform: "windows" }, { key });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: "VALIDATION", message: BuildsTexts.invalidPlatform });
    for (const installId of [
      undefined,
      "",
      "short-id",
      "x".repeat(65),
      "has space in the id!",
      42,
    ]) {
      const res = await install({ ...valid, installId }, { key });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: BuildsTexts.invalidInstallId });
    }
    expect((await install({ ...valid, appKey: "" }, { key })).statusCode).toBe(400);
    expect(await countOf(project.id, "android")).toBeUndefined();
    expect(await devicesOf(project.id)).toHaveLength(0);
  });

  it("keeps the installs counted when the owner generates a new key; the old key stops counting", async () => {
    const project = await seedKeyedProject(app, owner);
    const body = (installId = randomUUID()) => ({
      appKey: project.keyApp,
      platform: "android",
      installId,
    });
    expect((await install(body(), { key: project.databaseKey })).json()).toEqual({ counted: true });
    const regenerated = await app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/settings/database-key`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    const newKey: string = regenerated.json().settings.databaseKey;
    expect((await install(body(), { key: project.databaseKey })).statusCode).toBe(401);
    expect(await countOf(project.id, "android")).toBe(1);
    expect((await install(body(), { key: newKey })).json()).toEqual({ counted: true });
    expect(await countOf(project.id, "android")).toBe(2);
  });

  it("limits one address to 60 reports a minute", async () => {
    const project = await seedKeyedProject(app, owner);
    const ip = newIp();
    const report = (from: string) =>
      install(
        { appKey: project.keyApp, platform: "android", installId: randomUUID() },
        { key: project.databaseKey, ip: from },
      );
    for (let i = 0; i < 60; i++) expect((await report(ip)).statusCode).toBe(200);
    const limited = await report(ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCodes.RATE_LIMITED);
    // Another address is not affected.
    expect((await report(newIp())).statusCode).toBe(200);
    expect(await countOf(project.id, "android")).toBe(61);
  });

  it("limits one app to 120 counted reports a minute, from every address together", async () => {
    const project = await seedKeyedProject(app, owner);
    const other = await seedKeyedProject(app, owner);
    const report = (target: typeof project, key = target.databaseKey) =>
      install({ appKey: target.keyApp, platform: "apple", installId: randomUUID() }, { key });

    // A stranger without the key spends the app's budget in nothing.
    for (let i = 0; i < 130; i++) {
      expect((await report(project, `hb_test_${"z".repeat(43)}`)).statusCode).toBe(401);
    }
    for (let i = 0; i < 120; i++) expect((await report(project)).statusCode).toBe(200);
    const limited = await report(project);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: ErrorCodes.RATE_LIMITED,
      message: GenericTexts.rateLimited,
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect(await countOf(project.id, "apple")).toBe(120);
    // Another app is not affected.
    expect((await report(other)).statusCode).toBe(200);
  });

  it("forgets a deleted project's installs and counters", async () => {
    const project = await seedKeyedProject(app, owner);
    await install(
      { appKey: project.keyApp, platform: "android", installId: randomUUID() },
      { key: project.databaseKey },
    );
    expect(await devicesOf(project.id)).toHaveLength(1);
    await app.deps.db.delete(schema.projects).where(eq(schema.projects.id, project.id));
    expect(await devicesOf(project.id)).toHaveLength(0);
    expect(await countOf(project.id, "android")).toBeUndefined();
  });
});
