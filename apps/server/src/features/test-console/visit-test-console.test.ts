import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { TestConsoleResponseSchema } from "@hybridge/shared/test-console/schemas";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedKeyedProject } from "../../../test/seed";
import { createTestApp, createTestUser, TEST_ORIGIN, type TestApp } from "../../../test/test-app";
import * as schema from "../../platform/db/schema";
import { configOf, tick, visit } from "./test-support";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const notFound = { code: ErrorCodes.NOT_FOUND, message: TestConsoleTexts.projectNotFound };

describe("GET /api/test-console/:appKey (a visit)", () => {
  it("needs a session", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const res = await visit(app, project.keyApp);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: ErrorCodes.UNAUTHENTICATED,
      message: GenericTexts.unauthenticated,
    });
    expect(await configOf(app, owner.id)).toBeUndefined();
  });

  it("creates the tester's configuration with the project's own settings on the first visit", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner, {
      name: "Shop",
      statusbar: "#FFFFFF",
      navBarType: "header",
    });
    expect(await configOf(app, owner.id)).toBeUndefined();

    const res = await visit(app, project.keyApp, owner.cookie);
    expect(res.statusCode).toBe(200);
    const body = TestConsoleResponseSchema.parse(res.json());
    expect(body.project).toEqual({ keyApp: project.keyApp, name: "Shop" });
    expect(body.projects).toEqual([project.keyApp]);
    // The project's colours and bar, and no invented localhost URL (issue 28).
    expect(body.config).toMatchObject({
      tester: owner.email,
      keyCode: project.keyApp,
      navBarType: "header",
      statusBar: "#FFFFFF",
      network: "",
    });
    expect(body.config.createdAt).toBe(body.config.updatedAt);

    const row = await configOf(app, owner.id);
    expect(row).toMatchObject({
      userId: owner.id,
      tester: owner.email,
      keyCode: project.keyApp,
      navBarType: "header",
      statusBar: "#FFFFFF",
      network: "",
    });
    expect(row?.createdAt.toISOString()).toBe(body.config.createdAt);
  });

  it("returns the dev-app payload, and the exact text of its QR code once there is a localhost URL", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);
    const first = (await visit(app, project.keyApp, owner.cookie)).json().devLink;
    expect(first.payload).toEqual({
      v: 1,
      server: TEST_ORIGIN,
      appKey: project.keyApp,
      config: { navBarType: "footer", localhostUrl: "", statusBar: "#FFFFFF" },
    });
    expect(first.qrText).toBeNull();
    await app.deps.db
      .update(schema.testConfigs)
      .set({ network: "http://192.168.1.10:3000" })
      .where(eq(schema.testConfigs.userId, owner.id));
    const { devLink } = (await visit(app, project.keyApp, owner.cookie)).json();
    // The QR code is the dev app's https link on this server, carrying the localhost URL.
    const link = new URL(devLink.qrText);
    expect(link.origin).toBe(TEST_ORIGIN);
    expect(link.pathname).toBe(`/dev/${encodeURIComponent(project.keyApp)}`);
    expect(link.searchParams.get("url")).toBe("http://192.168.1.10:3000/");
    expect(devLink.devUrlAccepted).toBe(true);
  });

  it("syncs keyCode with the project being viewed and keeps createdAt", async () => {
    const owner = await createTestUser(app);
    const first = await seedKeyedProject(app, owner);
    const second = await seedKeyedProject(app, owner);

    const created = (await visit(app, first.keyApp, owner.cookie)).json().config;
    await tick();
    const res = await visit(app, second.keyApp, owner.cookie);
    expect(res.statusCode).toBe(200);
    const synced = res.json().config;
    expect(synced.keyCode).toBe(second.keyApp);
    expect(synced.createdAt).toBe(created.createdAt);
    expect(new Date(synced.updatedAt).getTime()).toBeGreaterThan(
      new Date(created.updatedAt).getTime(),
    );
    const row = await configOf(app, owner.id);
    expect(row?.keyCode).toBe(second.keyApp);
    expect(row?.createdAt.toISOString()).toBe(created.createdAt);

    // Viewing the same project again changes nothing, so updatedAt stays.
    await tick();
    const again = (await visit(app, second.keyApp, owner.cookie)).json().config;
    expect(again).toEqual(synced);

    // One configuration per tester, whatever the number of projects visited.
    const rows = await app.deps.db
      .select()
      .from(schema.testConfigs)
      .where(eq(schema.testConfigs.userId, owner.id));
    expect(rows).toHaveLength(1);
  });

  it("keeps the settings already chosen when switching projects", async () => {
    const owner = await createTestUser(app);
    const first = await seedKeyedProject(app, owner);
    const second = await seedKeyedProject(app, owner);
    await visit(app, first.keyApp, owner.cookie);
    await app.deps.db
      .update(schema.testConfigs)
      .set({ statusBar: "#123456", navBarType: "header", network: "http://10.0.0.2:8080" })
      .where(eq(schema.testConfigs.userId, owner.id));
    const { config, devLink } = (await visit(app, second.keyApp, owner.cookie)).json();
    expect(config).toMatchObject({
      keyCode: second.keyApp,
      statusBar: "#123456",
      navBarType: "header",
      network: "http://10.0.0.2:8080",
    });
    expect(devLink.payload).toMatchObject({
      appKey: second.keyApp,
      config: { navBarType: "header", localhostUrl: "http://10.0.0.2:8080", statusBar: "#123456" },
    });
  });

  it("lists the owner's app codes newest first, and only theirs", async () => {
    const owner = await createTestUser(app);
    const stranger = await createTestUser(app);
    const old = await seedKeyedProject(app, owner, { createdAt: new Date("2024-01-01T00:00:00Z") });
    const recent = await seedKeyedProject(app, owner, {
      createdAt: new Date("2025-06-01T00:00:00Z"),
    });
    const middle = await seedKeyedProject(app, owner, {
      createdAt: new Date("2025-01-01T00:00:00Z"),
    });
    await seedKeyedProject(app, stranger);
    const { projects } = (await visit(app, old.keyApp, owner.cookie)).json();
    expect(projects).toEqual([recent.keyApp, middle.keyApp, old.keyApp]);
  });

  it("answers another user's app code exactly like an unknown one, and writes nothing", async () => {
    const owner = await createTestUser(app);
    const intruder = await createTestUser(app);
    const project = await seedKeyedProject(app, owner);

    const foreign = await visit(app, project.keyApp, intruder.cookie);
    const unknown = await visit(app, `${project.keyApp}-nope`, intruder.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(notFound);
    expect(unknown.json()).toEqual(notFound);
    expect(foreign.body).toBe(unknown.body);
    expect(await configOf(app, intruder.id)).toBeUndefined();

    // With a configuration of their own, it stays as it was (keyCode included).
    const own = await seedKeyedProject(app, intruder);
    await visit(app, own.keyApp, intruder.cookie);
    const before = await configOf(app, intruder.id);
    await tick();
    expect((await visit(app, project.keyApp, intruder.cookie)).statusCode).toBe(404);
    expect(await configOf(app, intruder.id)).toEqual(before);
  });

  it("answers an app code that cannot exist like an unknown one", async () => {
    const user = await createTestUser(app);
    for (const code of ["a".repeat(91), "with space", "%E2%9C%93"]) {
      const res = await visit(app, code, user.cookie);
      expect(res.statusCode, code).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  });

  it("makes one configuration when first visits arrive together", async () => {
    const owner = await createTestUser(app);
    const projects = await Promise.all([1, 2, 3, 4, 5].map(() => seedKeyedProject(app, owner)));
    const answers = await Promise.all(projects.map((p) => visit(app, p.keyApp, owner.cookie)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await app.deps.db
      .select()
      .from(schema.testConfigs)
      .where(eq(schema.testConfigs.userId, owner.id));
    expect(rows).toHaveLength(1);
    expect(projects.map((p) => p.keyApp)).toContain(rows[0]?.keyCode);
    expect(new Set(answers.map((res) => res.json().config.createdAt)).size).toBe(1);
  });
});
