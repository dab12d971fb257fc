import { BuildsTexts } from "@hybridge/shared/builds/texts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { seedProject } from "./test-helpers";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

let ipCounter = 0;
/** Each test its own client address, so that the rate limit of one never touches another. */
const newIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The mobile app's call: no session, no origin. */
const install = (payload: unknown, ip: string) =>
  app.inject({
    method: "POST",
    url: "/api/v1/installs",
    remoteAddress: ip,
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

describe("POST /api/v1/installs", () => {
  it("counts installs per project and platform, without a session", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const ip = newIp();
    const first = await install({ appKey: project.keyApp, platform: "android" }, ip);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ count: 1 });
    expect((await install({ appKey: project.keyApp, platform: "android" }, ip)).json()).toEqual({
      count: 2,
    });
    expect((await install({ appKey: project.keyApp, platform: "apple" }, ip)).json()).toEqual({
      count: 1,
    });
    expect(await countOf(project.id, "android")).toBe(2);
    expect(await countOf(project.id, "apple")).toBe(1);
  });

  it("loses no count when 30 installs arrive at once", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const ip = newIp();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => install({ appKey: project.keyApp, platform: "apple" }, ip)),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(30).fill(200));
    expect(answers.map((res) => res.json().count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(await countOf(project.id, "apple")).toBe(30);
  });

  it("answers 404 for an unknown app key and 400 for a bad platform, counting nothing", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const ip = newIp();
    const unknown = await install({ appKey: "no-such-app", platform: "android" }, ip);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: "NOT_FOUND", message: BuildsTexts.appNotFound });

    const bad = await install({ appKey: project.keyApp, platform: "windows" }, ip);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: "VALIDATION", message: BuildsTexts.invalidPlatform });
    expect((await install({ platform: "android" }, ip)).statusCode).toBe(400);
    expect((await install({ appKey: "", platform: "android" }, ip)).statusCode).toBe(400);
    expect(await countOf(project.id, "android")).toBeUndefined();
    expect(await countOf(project.id, "apple")).toBeUndefined();
  });

  it("limits one address to 60 installs a minute", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    const ip = newIp();
    for (let i = 0; i < 60; i++) {
      expect((await install({ appKey: project.keyApp, platform: "android" }, ip)).statusCode).toBe(
        200,
      );
    }
    const limited = await install({ appKey: project.keyApp, platform: "android" }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
    // Another address is not affected.
    expect(
      (await install({ appKey: project.keyApp, platform: "android" }, newIp())).statusCode,
    ).toBe(200);
    expect(await countOf(project.id, "android")).toBe(61);
  });
});
