import { ErrorCodes } from "@hybridge/shared/common/errors";
import { DATABASE_KEY_PATTERN } from "@hybridge/shared/projects/schemas";
import { DevPayloadSchema } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedKeyedProject } from "../../../test/seed";
import { createTestApp, createTestUser, TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import { createProjectViaApi, fetchDevConfig, patchConfig, visit } from "./test-support";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const bearer = (key: string) => `Bearer ${key}`;
const unauthorised = { code: ErrorCodes.UNAUTHENTICATED, message: TestConsoleTexts.devKeyRequired };

describe("GET /api/v1/dev-config/:appKey", () => {
  it("answers exactly the payload the console details, with the project's key", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    await visit(app, project.keyApp, owner.cookie);
    await patchConfig(app, project.keyApp, { navBarType: "header" }, owner.cookie);
    await patchConfig(app, project.keyApp, { statusBar: "#123abc" }, owner.cookie);
    await patchConfig(app, project.keyApp, { network: "http://192.168.8.20:5173" }, owner.cookie);
    const { devLink } = (await visit(app, project.keyApp, owner.cookie)).json();

    const res = await fetchDevConfig(app, project.keyApp, bearer(project.databaseKey));
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual(devLink.payload);
    expect(DevPayloadSchema.parse(res.json())).toEqual({
      v: 1,
      server: TEST_ORIGIN,
      appKey: project.keyApp,
      config: {
        navBarType: "header",
        localhostUrl: "http://192.168.8.20:5173",
        statusBar: "#123abc",
      },
    });
  });

  it("follows every change made in the console", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    for (const change of [
      { statusBar: "#fff" },
      { navBarType: "none" },
      { network: "https://10.1.2.3:4430/app" },
    ]) {
      const { devLink } = (await patchConfig(app, project.keyApp, change, owner.cookie)).json();
      const fetched = await fetchDevConfig(app, project.keyApp, bearer(project.databaseKey));
      expect(fetched.json()).toEqual(devLink.payload);
    }
  });

  it("answers the project's own settings, and no localhost URL, before the console was ever opened", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner, {
      statusbar: "#FFFFFF",
      navBarType: "header",
    });
    const res = await fetchDevConfig(app, project.keyApp, bearer(project.databaseKey));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      v: 1,
      server: TEST_ORIGIN,
      appKey: project.keyApp,
      config: {
        navBarType: "header",
        localhostUrl: "",
        statusBar: "#FFFFFF",
      },
    });
  });

  it("serves the owner's configuration with the app code asked for, whichever project is open", async () => {
    const owner = await createTestUser(app);
    const first = await seedKeyedProject(app, owner);
    const second = await seedKeyedProject(app, owner);
    await patchConfig(app, first.keyApp, { statusBar: "#010203" }, owner.cookie);
    await visit(app, second.keyApp, owner.cookie);
    const res = await fetchDevConfig(app, first.keyApp, bearer(first.databaseKey));
    expect(res.json()).toMatchObject({ appKey: first.keyApp, config: { statusBar: "#010203" } });
    const { devLink } = (await visit(app, first.keyApp, owner.cookie)).json();
    expect(res.json()).toEqual(devLink.payload);
  });

  it.each([
    { label: "no Authorization header", header: undefined },
    { label: "an empty bearer", header: "Bearer " },
    { label: "another scheme", header: "Basic dXNlcjpwYXNz" },
    { label: "a wrong key", header: bearer("x".repeat(50)) },
  ])("refuses $label with 401", async ({ header }) => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const res = await fetchDevConfig(app, project.keyApp, header);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(unauthorised);
    expect(res.headers["www-authenticate"]).toMatch(/^Bearer /);
  });

  it("refuses the key of another project, and a key with a character changed", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const other = await seedKeyedProject(app, owner);
    const changed = `${project.databaseKey.slice(0, -1)}${project.databaseKey.endsWith("a") ? "b" : "a"}`;
    for (const key of [other.databaseKey, changed, project.databaseKey.toUpperCase()]) {
      const res = await fetchDevConfig(app, project.keyApp, bearer(key));
      expect(res.statusCode).toBe(401);
    }
    // The session of the owner is not a key.
    const withCookie = await app.inject({
      method: "GET",
      url: `/api/v1/dev-config/${project.keyApp}`,
      headers: { cookie: owner.cookie },
    });
    expect(withCookie.statusCode).toBe(401);
  });

  it("answers an unknown app code exactly like a wrong key (no probing for codes)", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const unknown = await fetchDevConfig(app, "no-such-app-code", bearer(project.databaseKey));
    const wrong = await fetchDevConfig(app, project.keyApp, bearer("y".repeat(50)));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toBe(wrong.body);
  });

  it("stops accepting the old key once the owner generates a new one", async () => {
    const owner = await createTestUser(app);
    const project = await createProjectViaApi(app, owner.cookie);
    const settings = await app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/settings`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    const oldKey: string = settings.json().settings.databaseKey;
    expect(oldKey).toMatch(DATABASE_KEY_PATTERN);
    expect((await fetchDevConfig(app, project.keyApp, bearer(oldKey))).statusCode).toBe(200);

    const regenerated = await app.inject({
      method: "POST",
      url: `/api/projects/${project.id}/settings/database-key`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(regenerated.statusCode).toBe(200);
    const newKey: string = regenerated.json().settings.databaseKey;
    expect(newKey).not.toBe(oldKey);

    const old = await fetchDevConfig(app, project.keyApp, bearer(oldKey));
    expect(old.statusCode).toBe(401);
    expect(old.json()).toEqual(unauthorised);
    const fresh = await fetchDevConfig(app, project.keyApp, bearer(newKey));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().appKey).toBe(project.keyApp);
  });

  it("limits the reads per IP address", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const from = (ip: string) =>
      fetchDevConfig(app, project.keyApp, bearer(project.databaseKey), ip);
    for (let i = 0; i < 60; i++) expect((await from("10.9.9.9")).statusCode).not.toBe(429);
    const limited = await from("10.9.9.9");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe(ErrorCodes.RATE_LIMITED);
    // Another address is not affected.
    expect((await from("10.9.9.10")).statusCode).toBe(200);
  });
});

describe("the payload's server address", () => {
  it("is the configured public URL", async () => {
    const other = await createTestApp({ env: { PUBLIC_URL: "https://console.hybridge.example/" } });
    try {
      const owner = await createTestUser(other);
      const project = await seedKeyedProject(other, owner);
      const { devLink } = (await visit(other, project.keyApp, owner.cookie)).json();
      expect(devLink.payload.server).toBe("https://console.hybridge.example");
      const fetched = await fetchDevConfig(other, project.keyApp, bearer(project.databaseKey));
      expect(fetched.json()).toEqual(devLink.payload);
    } finally {
      await other.cleanup();
    }
  });
});

describe("GET /api/v1/apps/:appKey", () => {
  it("says an app key exists with the app's name (the new app's title), and nothing for an unknown one", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const known = await app.inject({ url: `/api/v1/apps/${project.keyApp}` });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ appKey: project.keyApp, name: project.name });
    const unknown = await app.inject({ url: "/api/v1/apps/no-such-app" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(TestConsoleTexts.unknownAppKey);
  });
});
