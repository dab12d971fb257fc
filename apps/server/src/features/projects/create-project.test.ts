import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { GenericTexts, MultipartTexts } from "@hybridge/shared/common/texts";
import { FilesTexts, SvgRefusals } from "@hybridge/shared/files/texts";
import { DATABASE_KEY_PATTERN } from "@hybridge/shared/projects/schemas";
import { FunctionsTexts, ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileKeys } from "../../../test/seed";
import {
  createTestApp,
  createTestScene,
  createTestUser,
  postJson,
  TEST_SECRET,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { jpegBytes, jpegClaiming, pngBytes, svgText } from "../../../test/test-images";
import { projectDatabases, projectSettings, projects, storedFiles } from "../../platform/db/schema";
import { createEncryption } from "../../platform/encryption";
import { hashSecret } from "../../platform/random";
import { createProject } from "./create-project";
import { newDatabaseKey } from "./ids";
import { KEY_SEAL_HOURS } from "./project-settings";
import {
  authed,
  launchIcon,
  multipart,
  notificationIcon,
  postProject,
  uniqueCode,
  validFields,
} from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const SECRET = TEST_SECRET;

async function countRows(userId: string) {
  const db = app.deps.db;
  const owned = await db
    .select({ id: projects.id })
    .from(projects)
    .where(eq(projects.adminId, userId));
  const files = await db.select().from(storedFiles).where(eq(storedFiles.ownerId, userId));
  const ids = owned.map((p) => p.id);
  let databases = 0;
  let settings = 0;
  for (const id of ids) {
    databases += (
      await db.select().from(projectDatabases).where(eq(projectDatabases.projectId, id))
    ).length;
    settings += (await db.select().from(projectSettings).where(eq(projectSettings.id, id))).length;
  }
  return { projects: owned.length, files: files.length, databases, settings };
}

/** A user of their own, so that counting rows and files is exact. */
async function freshUser() {
  return createTestUser(app);
}

async function expectNothingCreated(user: TestUser, filesBefore: string[]) {
  expect(await countRows(user.id)).toEqual({ projects: 0, files: 0, databases: 0, settings: 0 });
  expect(storedFileKeys(app).sort()).toEqual([...filesBefore].sort());
}

describe("POST /api/projects", () => {
  it("needs a signed-in user, with the spec's words", async () => {
    const res = await postProject(app, undefined, validFields());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      code: "UNAUTHENTICATED",
      message: ProjectsTexts.mustBeLoggedInToCreate,
    });
  });

  it("creates the project, its database document and its settings, with the spec's defaults", async () => {
    const fields = validFields();
    delete fields.color;
    delete fields.statusbar;
    delete fields.navBarType;
    const res = await postProject(app, owner.cookie, fields);
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project).toMatchObject({
      name: "My Shop",
      keyApp: fields.keyApp,
      description: "An app to sell things.",
      segment: "ecommerce",
      navBarType: "footer",
      color: "#0E904D",
      statusbar: "#FFFFFF",
      icLaunchFileUrl: "/api/files/default.png",
      icNotificationFileUrl: "/api/files/default.svg",
      status: false,
    });
    expect(project.id).toMatch(/^[A-Za-z0-9]{101}$/);

    const db = app.deps.db;
    const [row] = await db.select().from(projects).where(eq(projects.id, project.id));
    expect(row).toMatchObject({ adminId: owner.id, tester: owner.email });
    const [database] = await db
      .select()
      .from(projectDatabases)
      .where(eq(projectDatabases.projectId, project.id));
    expect(database?.id).toMatch(/^[A-Za-z0-9]{33}$/);
    const [settings] = await db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.id, project.id));
    // The key waits sealed for the settings page: under the server's secret, for this project
    // only, for 24 hours; and it is independent of everything stored in clear.
    const sealed = settings?.databaseKeySealed as string;
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const key = createEncryption(SECRET, "databaseKeySeal").decrypt(sealed, project.id) as string;
    expect(key).toMatch(DATABASE_KEY_PATTERN);
    expect(
      createEncryption(SECRET, "databaseKeySeal").decrypt(sealed, `${project.id}x`),
    ).toBeNull();
    expect(createEncryption(SECRET).decrypt(sealed, project.id)).toBeNull();
    const hoursSealed =
      ((settings?.databaseKeySealedUntil?.getTime() ?? 0) - (settings?.createdAt.getTime() ?? 0)) /
      3_600_000;
    expect(hoursSealed).toBeCloseTo(KEY_SEAL_HOURS, 2);
    expect(settings?.databaseKeyPrefix).toBe(key.slice(0, 12));
    expect(settings?.databaseKeyHash).toBe(createHash("sha256").update(key).digest("hex"));
    expect(key).not.toContain(database?.id);
    expect(key).not.toContain(project.id.slice(0, 8));
    expect(settings).toMatchObject({
      appKey: fields.keyApp,
      appName: "My Shop",
      keyRevealedAt: null,
    });
    // appId is the project id, encrypted (authenticated) with the server's secret for its owner.
    expect(settings?.appId).not.toContain(project.id);
    expect(createEncryption(SECRET).decrypt(settings?.appId as string, owner.id)).toBe(project.id);
  });

  it("gives every project a different random id and key", async () => {
    const a = await postProject(app, owner.cookie, validFields());
    const b = await postProject(app, owner.cookie, validFields());
    expect(a.json().project.id).not.toBe(b.json().project.id);
  });

  it("strips spaces from the app code, and keeps codes unique", async () => {
    const code = uniqueCode();
    const spaced = `${code.slice(0, 4)} ${code.slice(4)} `;
    const first = await postProject(app, owner.cookie, validFields({ keyApp: spaced }));
    expect(first.statusCode).toBe(201);
    expect(first.json().project.keyApp).toBe(code);
    const again = await postProject(app, owner.cookie, validFields({ keyApp: code }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: ProjectsTexts.codeTaken });
  });

  it("gives one of two simultaneous creations with the same code a 409", async () => {
    const code = uniqueCode("race");
    const results = await Promise.all(
      [1, 2, 3].map(() => postProject(app, owner.cookie, validFields({ keyApp: code }))),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe(ProjectsTexts.codeTaken);
    }
  });

  it.each([
    [{ name: "" }, ProjectsTexts.nameRequired],
    [{ name: "   " }, ProjectsTexts.nameRequired],
    [{ name: "x".repeat(51) }, ProjectsTexts.nameTooLong(50)],
    [{ keyApp: "" }, ProjectsTexts.codeRequired],
    [{ keyApp: "   " }, ProjectsTexts.codeRequired],
    [{ keyApp: "k".repeat(91) }, ProjectsTexts.codeTooLong(90)],
    [{ description: "" }, ProjectsTexts.descriptionRequired],
    [{ description: "d".repeat(201) }, ProjectsTexts.descriptionTooLong(200)],
    [{ segment: "" }, ProjectsTexts.segmentRequired],
    [{ segment: "casino" }, ProjectsTexts.segmentRequired],
    [{ navBarType: "side" }, ProjectsTexts.navBarRequired],
    [{ color: "green" }, ProjectsTexts.invalidHex],
    [{ color: "#12345" }, ProjectsTexts.invalidHex],
    [{ statusbar: "#GGGGGG" }, ProjectsTexts.invalidHex],
  ])("refuses %j with the rule's message and creates nothing", async (override, message) => {
    const user = await freshUser();
    const res = await postProject(app, user.cookie, validFields(override), [launchIcon()]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "VALIDATION", message });
    expect(await countRows(user.id)).toEqual({ projects: 0, files: 0, databases: 0, settings: 0 });
  });

  it("accepts the limits themselves and 3-digit colours", async () => {
    const res = await postProject(
      app,
      owner.cookie,
      validFields({
        name: "n".repeat(50),
        keyApp: `${uniqueCode()}${"k".repeat(60)}`.slice(0, 90),
        description: "d".repeat(200),
        color: "#abc",
        statusbar: "#000",
        navBarType: "none",
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().project).toMatchObject({
      color: "#abc",
      statusbar: "#000",
      navBarType: "none",
    });
  });

  it("stores both icons, checked by content, each recorded with its owner", async () => {
    const user = await freshUser();
    const res = await postProject(app, user.cookie, validFields(), [
      launchIcon(),
      notificationIcon(),
    ]);
    expect(res.statusCode).toBe(201);
    const { project } = res.json();
    expect(project.icLaunchFileUrl).toMatch(/^\/api\/files\/app-icons\/[0-9a-f-]{36}\.png$/);
    expect(project.icNotificationFileUrl).toMatch(/^\/api\/files\/app-icons\/[0-9a-f-]{36}\.svg$/);
    const files = await app.deps.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.ownerId, user.id));
    expect(files.map((f) => f.contentType).sort()).toEqual(["image/png", "image/svg+xml"]);
    for (const f of files) expect(storedFileKeys(app)).toContain(f.key);

    const icon = await app.inject({ url: project.icLaunchFileUrl, headers: authed(user.cookie) });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["content-type"]).toBe("image/png");
    // The server's own PNG of the icon, not the bytes sent.
    expect(icon.rawPayload.equals(pngBytes(512, 512))).toBe(false);
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(512);
  });

  it("accepts a 512×512 JPEG (stored as the server's PNG whatever its name says)", async () => {
    const res = await postProject(app, owner.cookie, validFields(), [
      { name: "icLaunch", filename: "photo.jpeg", data: jpegBytes(512, 512) },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().project.icLaunchFileUrl).toMatch(/\.png$/);
  });

  it.each([
    ["a 511×512 PNG", launchIcon(511, 512), FilesTexts.launchIconSize],
    ["a 512×513 PNG", launchIcon(512, 513), FilesTexts.launchIconSize],
    [
      "a 500×500 JPEG",
      { name: "icLaunch", filename: "a.jpg", data: jpegBytes(500, 500) },
      FilesTexts.launchIconSize,
    ],
    [
      "a JPEG whose frame header claims 65500×65500 (refused at the header)",
      {
        name: "icLaunch",
        filename: "a.jpg",
        data: jpegClaiming(65500, 65500),
      },
      FilesTexts.launchIconSize,
    ],
    [
      "a launch icon with a .gif name",
      { name: "icLaunch", filename: "a.gif", data: pngBytes(512, 512) },
      "Invalid file type. Allowed: .png, .jpg, .jpeg",
    ],
    [
      "an SVG renamed .png",
      { name: "icLaunch", filename: "a.png", data: svgText() },
      FilesTexts.notRaster,
    ],
    [
      "a 512×512 PNG named .png but truncated to its signature",
      { name: "icLaunch", filename: "a.png", data: pngBytes(512, 512).subarray(0, 12) },
      FilesTexts.notRaster,
    ],
    ["a PNG renamed .svg", notificationIcon(pngBytes(48, 48)), FilesTexts.notSvg],
    [
      "a notification icon with a .png name",
      notificationIcon(svgText(), "bell.png"),
      "Invalid file type. Allowed: .svg",
    ],
    [
      "a 24×24 SVG",
      notificationIcon(svgText({ width: 24, height: 24 })),
      FilesTexts.notificationIconSize,
    ],
    [
      "an SVG with a script",
      notificationIcon(svgText({ inner: "<script>alert(document.cookie)</script>" })),
      FilesTexts.svgRefused(SvgRefusals.script),
    ],
    [
      "an SVG with an event handler",
      notificationIcon(svgText({ attrs: 'onload="alert(1)"' })),
      FilesTexts.svgRefused(SvgRefusals.eventHandler("onload")),
    ],
    [
      "an SVG with a javascript: link",
      notificationIcon(svgText({ inner: '<a href="javascript:alert(1)"><circle r="4"/></a>' })),
      FilesTexts.svgRefused(SvgRefusals.scriptOrDataUrl),
    ],
    [
      "an SVG with an external image",
      notificationIcon(svgText({ inner: '<image href="https://evil.test/x.png"/>' })),
      FilesTexts.svgRefused(SvgRefusals.externalReference),
    ],
    [
      "an SVG with an entity declaration",
      notificationIcon(`<!DOCTYPE svg [<!ENTITY a "b">]>${svgText()}`),
      FilesTexts.svgRefused(SvgRefusals.declaration),
    ],
  ])("refuses %s and leaves nothing behind", async (_label, file, message) => {
    const user = await freshUser();
    const before = storedFileKeys(app);
    // A valid icon first: it is stored, then removed when the second one fails.
    const others = "name" in file && file.name === "icLaunch" ? [] : [launchIcon()];
    const res = await postProject(app, user.cookie, validFields(), [...others, file]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "VALIDATION", message });
    await expectNothingCreated(user, before);
  });

  it("refuses icons over their size limit (413) and leaves nothing behind", async () => {
    const user = await freshUser();
    const before = storedFileKeys(app);
    const bigPng = Buffer.concat([pngBytes(512, 512), Buffer.alloc(2 * 1024 * 1024)]);
    const big = await postProject(app, user.cookie, validFields(), [
      { name: "icLaunch", filename: "big.png", data: bigPng },
    ]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: FilesTexts.tooLarge("2 MB") });

    const bigSvg = svgText({ inner: `<!--${"x".repeat(100 * 1024)}-->` });
    const res = await postProject(app, user.cookie, validFields(), [
      launchIcon(),
      notificationIcon(bigSvg),
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(FilesTexts.tooLarge("100 KB"));
    await expectNothingCreated(user, before);
  });

  it("checks the code before storing any icon", async () => {
    const user = await freshUser();
    const taken = validFields();
    await postProject(app, owner.cookie, taken);
    const before = storedFileKeys(app);
    const res = await postProject(
      app,
      user.cookie,
      validFields({ keyApp: taken.keyApp as string }),
      [launchIcon()],
    );
    expect(res.statusCode).toBe(409);
    await expectNothingCreated(user, before);
  });

  it("wants the text fields before the files, one file per icon, and multipart", async () => {
    const user = await freshUser();
    const late = multipart([
      ...Object.entries(validFields())
        .filter(([k]) => k !== "color")
        .map(([name, value]) => ({ name, value })),
      launchIcon(),
      { name: "color", value: "#000000" },
    ]);
    const res = await app.inject({
      method: "POST",
      url: "/api/projects",
      headers: { ...authed(user.cookie), ...late.headers },
      payload: late.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("Send the text fields before the files.");

    const twice = await postProject(app, user.cookie, validFields(), [launchIcon(), launchIcon()]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe(FilesTexts.oneFilePerField);

    // A file under a field name that is not an icon is refused at once, and so is a
    // prototype's name.
    const odd = await postProject(app, user.cookie, validFields(), [
      { ...launchIcon(), name: "avatar" },
    ]);
    expect(odd.statusCode).toBe(400);
    expect(odd.json()).toEqual({
      code: "VALIDATION",
      message: MultipartTexts.unexpectedFile("avatar", ["icLaunch", "icNotification"]),
    });
    for (const name of ["constructor", "__proto__"]) {
      const proto = await postProject(app, user.cookie, validFields(), [{ ...launchIcon(), name }]);
      expect(proto.statusCode).toBe(400);
    }

    const json = await postJson(app, "/api/projects", validFields(), user.cookie);
    expect(json.statusCode).toBe(400);
    expect(await countRows(user.id)).toEqual({ projects: 0, files: 0, databases: 0, settings: 0 });
  });
});

describe("createProject as one unit", () => {
  const icons = () => [
    { kind: "launch" as const, fileName: "icon.png", stream: Readable.from([pngBytes(512, 512)]) },
    {
      kind: "notification" as const,
      fileName: "bell.svg",
      stream: Readable.from([Buffer.from(svgText())]),
    },
  ];

  it("leaves no row and no file when the encryption step fails", async () => {
    const user = await freshUser();
    const before = storedFileKeys(app);
    const error = await createProject({
      db: app.deps.db,
      storage: app.deps.storage,
      owner: user,
      input: {
        ...validFields(),
        segment: "food",
        navBarType: "footer",
        color: "#0E904D",
        statusbar: "#FFFFFF",
      } as never,
      icons: icons(),
      encrypt: () => {
        throw new Error("encryption service down");
      },
      sealKey: (key, projectId) =>
        createEncryption(SECRET, "databaseKeySeal").encrypt(key, projectId),
      maxProjects: 100,
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: "ENCRYPTION_FAILED",
      message: ProjectsTexts.encryptionFailed,
    });
    await expectNothingCreated(user, before);
  });

  it("leaves no row and no file when the last step (the settings record) fails", async () => {
    const user = await freshUser();
    const existing = await postProject(app, owner.cookie, validFields());
    const [taken] = await app.deps.db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.id, existing.json().project.id));
    const before = storedFileKeys(app);
    // A key whose hash another project already has: the settings insert violates its unique hash.
    const clash = { ...newDatabaseKey(), hash: taken?.databaseKeyHash as string };
    const error = await createProject({
      db: app.deps.db,
      storage: app.deps.storage,
      owner: user,
      input: {
        ...validFields(),
        segment: "food",
        navBarType: "footer",
        color: "#0E904D",
        statusbar: "#FFFFFF",
      } as never,
      icons: icons(),
      encrypt: (text, owner) => createEncryption(SECRET).encrypt(text, owner),
      sealKey: (key, projectId) =>
        createEncryption(SECRET, "databaseKeySeal").encrypt(key, projectId),
      maxProjects: 100,
      newKey: () => clash,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    await expectNothingCreated(user, before);
    expect(hashSecret(clash.key)).not.toBe(clash.hash);
  });
});

describe("the encryption function", () => {
  it("encrypts and decrypts for signed-in users only", async () => {
    const signedOut = await postJson(app, "/api/functions/encrypt", { texte: "x" });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(GenericTexts.unauthenticated);

    const enc = await postJson(
      app,
      "/api/functions/encrypt",
      { texte: "héllo wörld" },
      owner.cookie,
    );
    expect(enc.statusCode).toBe(200);
    const { success, texteChiffre, error } = enc.json();
    expect({ success, error }).toEqual({ success: true, error: null });
    expect(texteChiffre).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const again = await postJson(
      app,
      "/api/functions/encrypt",
      { texte: "héllo wörld" },
      owner.cookie,
    );
    expect(again.json().texteChiffre).not.toBe(texteChiffre);

    const dec = await postJson(app, "/api/functions/decrypt", { texteChiffre }, owner.cookie);
    expect(dec.json()).toEqual({ success: true, texte: "héllo wörld", error: null });
  });

  it("refuses a tampered or foreign cipher text (authenticated encryption)", async () => {
    const enc = await postJson(
      app,
      "/api/functions/encrypt",
      { texte: "project-id" },
      owner.cookie,
    );
    const cipher: string = enc.json().texteChiffre;
    const flipped = `${cipher.slice(0, -2)}${cipher.at(-2) === "A" ? "B" : "A"}${cipher.at(-1)}`;
    for (const texteChiffre of [
      flipped,
      "v1.abc",
      "nonsense",
      createEncryption("another-secret-of-at-least-32-characters!").encrypt("x", owner.id),
    ]) {
      const res = await postJson(app, "/api/functions/decrypt", { texteChiffre }, owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, texte: null });
    }
    const missing = await postJson(app, "/api/functions/encrypt", {}, owner.cookie);
    expect(missing.statusCode).toBe(400);
  });

  it("answers 429 past WRITE_RATE_LIMIT_MAX per address", async () => {
    const limited = await createTestApp({ env: { WRITE_RATE_LIMIT_MAX: "2" } });
    try {
      const user = await createTestUser(limited);
      const encrypt = () =>
        postJson(limited, "/api/functions/encrypt", { texte: "x" }, user.cookie);
      expect((await encrypt()).statusCode).toBe(200);
      expect((await encrypt()).statusCode).toBe(200);
      const blocked = await encrypt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe("RATE_LIMITED");
    } finally {
      await limited.cleanup();
    }
  });

  it("decrypts a text for the user it was encrypted for only (another user's appId stays closed)", async () => {
    const res = await postProject(app, owner.cookie, validFields());
    const projectId: string = res.json().project.id;
    const settings = await app.inject({
      method: "GET",
      url: `/api/projects/${projectId}/settings`,
      headers: { cookie: owner.cookie },
    });
    const appId: string = settings.json().settings.appId;
    const own = await postJson(
      app,
      "/api/functions/decrypt",
      { texteChiffre: appId },
      owner.cookie,
    );
    expect(own.json()).toEqual({ success: true, texte: projectId, error: null });

    const foreign = await postJson(
      app,
      "/api/functions/decrypt",
      { texteChiffre: appId },
      stranger.cookie,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      success: false,
      texte: null,
      error: FunctionsTexts.decryptFailed,
    });
  });
});
