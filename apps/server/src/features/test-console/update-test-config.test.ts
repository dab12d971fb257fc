import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { TestConsoleTexts } from "@hybridge/shared/test-console/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedKeyedProject } from "../../../test/seed";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { configOf, patchConfig, tick, visit } from "./test-support";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

/** An owner with one project whose console was visited once (the configuration exists). */
async function visitedOwner() {
  const owner = await createTestUser(app);
  const project = await seedKeyedProject(app, owner);
  expect((await visit(app, project.keyApp, owner.cookie)).statusCode).toBe(200);
  const before = await configOf(app, owner.id);
  if (!before) throw new Error("no configuration");
  await tick();
  return { owner, project, before };
}

const validation = (message: string) => ({ code: ErrorCodes.VALIDATION, message });

describe("PATCH /api/test-console/:appKey", () => {
  it.each([
    { field: "navBarType", value: "header", column: "navBarType", payloadKey: "navBarType" },
    { field: "navBarType", value: "none", column: "navBarType", payloadKey: "navBarType" },
    {
      field: "network",
      value: "http://192.168.0.42:5173",
      column: "network",
      payloadKey: "localhostUrl",
    },
    { field: "statusBar", value: "#ff8800", column: "statusBar", payloadKey: "statusBar" },
    { field: "statusBar", value: "#abc", column: "statusBar", payloadKey: "statusBar" },
  ] as const)(
    "changes only $field (to $value) and updatedAt",
    async ({ field, value, column, payloadKey }) => {
      const { owner, project, before } = await visitedOwner();
      const res = await patchConfig(app, project.keyApp, { [field]: value }, owner.cookie);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.config[column]).toBe(value);
      expect(body.devLink.payload.config[payloadKey]).toBe(value);
      // A QR code once there is a localhost URL, carrying it; none before (issue 28).
      const localhostUrl = body.devLink.payload.config.localhostUrl;
      if (localhostUrl === "") expect(body.devLink.qrText).toBeNull();
      else expect(new URL(body.devLink.qrText).searchParams.get("url")).toMatch(localhostUrl);

      const after = await configOf(app, owner.id);
      expect(after?.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());
      expect({ ...after, updatedAt: null }).toEqual({
        ...before,
        [column]: value,
        updatedAt: null,
      });
    },
  );

  it("keeps the values trimmed", async () => {
    const { owner, project } = await visitedOwner();
    await patchConfig(app, project.keyApp, { statusBar: "  #0E904D " }, owner.cookie);
    await patchConfig(app, project.keyApp, { network: " http://10.0.0.5:3000 " }, owner.cookie);
    expect(await configOf(app, owner.id)).toMatchObject({
      statusBar: "#0E904D",
      network: "http://10.0.0.5:3000",
    });
  });

  it.each(["#12", "#1234", "#12345", "#1234567", "099e51", "#gggggg", "red", "", 42, null])(
    "refuses the status bar colour %j with the spec's text and changes nothing",
    async (statusBar) => {
      const { owner, project, before } = await visitedOwner();
      const res = await patchConfig(app, project.keyApp, { statusBar }, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(validation("Invalid hex color format (e.g., #099e51)."));
      expect(await configOf(app, owner.id)).toEqual(before);
    },
  );

  it.each([
    "localhost:3000",
    "192.168.1.10:3000",
    "not a url",
    "ftp://192.168.1.10",
    "javascript:alert(1)",
    "http://",
    "",
    7,
  ])("refuses the localhost URL %j (not a URL) and changes nothing", async (network) => {
    const { owner, project, before } = await visitedOwner();
    const res = await patchConfig(app, project.keyApp, { network }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(TestConsoleTexts.invalidUrl));
    expect(await configOf(app, owner.id)).toEqual(before);
  });

  it("refuses a localhost URL too long for a QR code", async () => {
    const { owner, project, before } = await visitedOwner();
    const network = `http://192.168.1.10:3000/${"a".repeat(300)}`;
    const res = await patchConfig(app, project.keyApp, { network }, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(TestConsoleTexts.urlTooLong(300)));
    expect(await configOf(app, owner.id)).toEqual(before);
  });

  it.each(["side", "", "FOOTER", null, 1])(
    "refuses the navbar type %j and changes nothing",
    async (navBarType) => {
      const { owner, project, before } = await visitedOwner();
      const res = await patchConfig(app, project.keyApp, { navBarType }, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(validation(TestConsoleTexts.navBarTypeRequired));
      expect(await configOf(app, owner.id)).toEqual(before);
    },
  );

  it.each([
    { body: {}, label: "nothing" },
    { body: { keyCode: "someone-else", tester: "x@example.test" }, label: "fields not in a form" },
    { body: { navBarType: "header", statusBar: "#fff" }, label: "two fields" },
  ])("takes one field at a time ($label)", async ({ body }) => {
    const { owner, project, before } = await visitedOwner();
    const res = await patchConfig(app, project.keyApp, body, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(validation(TestConsoleTexts.oneSettingAtATime));
    expect(await configOf(app, owner.id)).toEqual(before);
  });

  it("needs a session", async () => {
    const { owner, project, before } = await visitedOwner();
    const res = await patchConfig(app, project.keyApp, { statusBar: "#000" });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(GenericTexts.unauthenticated);
    expect(await configOf(app, owner.id)).toEqual(before);
  });

  it("answers another user's app code like an unknown one and changes nobody's configuration", async () => {
    const { owner, project, before } = await visitedOwner();
    const intruder = await createTestUser(app);

    const foreign = await patchConfig(app, project.keyApp, { statusBar: "#000" }, intruder.cookie);
    const unknown = await patchConfig(app, "no-such-app", { statusBar: "#000" }, intruder.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(unknown.body);
    expect(foreign.json()).toEqual({
      code: ErrorCodes.NOT_FOUND,
      message: TestConsoleTexts.projectNotFound,
    });
    expect(await configOf(app, owner.id)).toEqual(before);
    expect(await configOf(app, intruder.id)).toBeUndefined();
  });

  it("creates the configuration with the project's defaults and the change when the page was never visited", async () => {
    const owner = await createTestUser(app);
    const project = await seedKeyedProject(app, owner, { statusbar: "#0E904D" });
    const res = await patchConfig(app, project.keyApp, { navBarType: "none" }, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(await configOf(app, owner.id)).toMatchObject({
      tester: owner.email,
      keyCode: project.keyApp,
      navBarType: "none",
      statusBar: "#0E904D",
      network: "",
    });
  });

  it("points keyCode at the project the change was made from", async () => {
    const { owner, project: first } = await visitedOwner();
    const second = await seedKeyedProject(app, owner);
    // The console of the first project is still open in another tab; the change comes from the second.
    const res = await patchConfig(app, second.keyApp, { statusBar: "#123456" }, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().config.keyCode).toBe(second.keyApp);
    expect(await configOf(app, owner.id)).toMatchObject({
      keyCode: second.keyApp,
      statusBar: "#123456",
    });
    expect(second.keyApp).not.toBe(first.keyApp);
  });

  it("is what the next visit shows", async () => {
    const { owner, project } = await visitedOwner();
    await patchConfig(app, project.keyApp, { statusBar: "#222222" }, owner.cookie);
    await patchConfig(app, project.keyApp, { navBarType: "header" }, owner.cookie);
    await patchConfig(app, project.keyApp, { network: "https://192.168.1.77:8443" }, owner.cookie);
    const { config, devLink } = (await visit(app, project.keyApp, owner.cookie)).json();
    expect(config).toMatchObject({
      statusBar: "#222222",
      navBarType: "header",
      network: "https://192.168.1.77:8443",
    });
    expect(devLink.payload.config).toEqual({
      navBarType: "header",
      localhostUrl: "https://192.168.1.77:8443",
      statusBar: "#222222",
    });
  });
});
