import { ErrorCodes } from "@hybridge/shared/common/errors";
import { BAD_DEV_URL, DevLinkResponseSchema } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestApp, createTestUser, TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { patchConfig } from "../test-console/test-support";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const devLink = (appKey: string, url?: string, remoteAddress = "127.0.0.1") =>
  app.inject({
    method: "GET",
    url: `/api/v1/dev-link/${encodeURIComponent(appKey)}${url === undefined ? "" : `?url=${encodeURIComponent(url)}`}`,
    remoteAddress,
  });

describe("GET /api/v1/dev-link/:appKey", () => {
  it("answers what the dev app needs, without a session or a key, never cached", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner, { name: "Shop", statusbar: "#FFF" });
    const res = await devLink(project.keyApp, "HTTP://192.168.1.10:5173");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(DevLinkResponseSchema.parse(res.json())).toEqual({
      v: 1,
      server: TEST_ORIGIN,
      appKey: project.keyApp,
      appName: "Shop",
      devUrl: "http://192.168.1.10:5173/",
      // No test settings yet: the project's own.
      config: { navBarType: "footer", statusBar: "#ffffff" },
      update: null,
      updatePublicKey: null,
    });
  });

  it("carries the owner's test settings, the status bar as #rrggbb", async () => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    await patchConfig(app, project.keyApp, { navBarType: "header" }, owner.cookie);
    await patchConfig(app, project.keyApp, { statusBar: "#A1b" }, owner.cookie);
    const res = await devLink(project.keyApp, "http://my-mac.local:3000/app?x=1");
    expect(res.json()).toMatchObject({
      devUrl: "http://my-mac.local:3000/app?x=1",
      config: { navBarType: "header", statusBar: "#aa11bb" },
    });
  });

  it.each([
    "http://8.8.8.8:3000",
    "https://example.com",
    "http://0.0.0.0:5173",
    "javascript:alert(1)",
    "",
  ])("refuses %j with BAD_DEV_URL, whatever the app", async (url) => {
    const owner = await createTestUser(app);
    const project = await seedProject(app, owner);
    for (const key of [project.keyApp, "no-such-app"]) {
      const res = await devLink(key, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: BAD_DEV_URL, message: DevLinkTexts.badDevUrl });
    }
  });

  it("refuses a link without url, and answers 404 for an unknown app", async () => {
    expect((await devLink("whatever")).statusCode).toBe(400);
    const unknown = await devLink("no-such-app", "http://10.0.0.2:5173");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: ErrorCodes.NOT_FOUND,
      message: DevLinkTexts.unknownApp,
    });
  });

  it("limits the reads per IP address", async () => {
    const from = (ip: string) => devLink("no-such-app", "http://10.0.0.2", ip);
    for (let i = 0; i < 60; i++) expect((await from("10.7.7.7")).statusCode).toBe(404);
    const limited = await from("10.7.7.7");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCodes.RATE_LIMITED);
    expect((await from("10.7.7.8")).statusCode).toBe(404);
  });
});
