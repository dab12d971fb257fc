import { FilesTexts, SvgRefusals } from "@hybridge/shared/files/texts";
import { ProjectsTexts } from "@hybridge/shared/projects/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFileKeys } from "../../../test/seed";
import { createTestScene, type TestApp, type TestUser } from "../../../test/test-app";
import { pngBytes, svgText } from "../../../test/test-images";
import { projectSettings, projects, storedFiles } from "../../platform/db/schema";
import {
  authed,
  createTestProject,
  type FormPart,
  launchIcon,
  multipart,
  notificationIcon,
} from "./test-support";

let app: TestApp, owner: TestUser, stranger: TestUser;
beforeAll(async () => {
  ({ app, owner, stranger } = await createTestScene());
});
afterAll(() => app?.cleanup());

const patch = (id: string, payload: unknown, cookie?: string) =>
  app.inject({
    method: "PATCH",
    url: `/api/projects/${id}`,
    headers: authed(cookie),
    payload: payload as object,
  });
const putIcon = (id: string, kind: string, parts: FormPart[], cookie?: string) => {
  const body = multipart(parts);
  return app.inject({
    method: "PUT",
    url: `/api/projects/${id}/icons/${kind}`,
    headers: { ...authed(cookie), ...body.headers },
    payload: body.payload,
  });
};
const fileOf = (part: FormPart) => ({ ...part, name: "file" });
const rowOf = async (id: string) =>
  (await app.deps.db.select().from(projects).where(eq(projects.id, id)))[0];

describe("GET /api/projects/:id", () => {
  it("answers the owner's project, 404 to anyone else", async () => {
    const project = await createTestProject(app, owner.cookie, { name: "Readable" });
    const mine = await app.inject({
      url: `/api/projects/${project.id}`,
      headers: authed(owner.cookie),
    });
    expect(mine.json().project).toMatchObject({ id: project.id, name: "Readable" });
    const theirs = await app.inject({
      url: `/api/projects/${project.id}`,
      headers: authed(stranger.cookie),
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(ProjectsTexts.invalidProjectId);
    const bad = await app.inject({
      url: "/api/projects/not%20valid!",
      headers: authed(owner.cookie),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(ProjectsTexts.invalidProjectId);
  });
});

describe("PATCH /api/projects/:id", () => {
  it("updates one field group at a time, and the settings' copy of the name", async () => {
    const project = await createTestProject(app, owner.cookie);
    const name = await patch(project.id, { name: "  Renamed  " }, owner.cookie);
    expect(name.statusCode).toBe(200);
    expect(name.json().project.name).toBe("Renamed");
    const [settings] = await app.deps.db
      .select()
      .from(projectSettings)
      .where(eq(projectSettings.id, project.id));
    expect(settings?.appName).toBe("Renamed");

    expect(
      (await patch(project.id, { description: "  New words  " }, owner.cookie)).json().project
        .description,
    ).toBe("New words");
    expect(
      (await patch(project.id, { segment: "travel" }, owner.cookie)).json().project.segment,
    ).toBe("travel");
    expect((await patch(project.id, { color: "#123abc" }, owner.cookie)).json().project.color).toBe(
      "#123abc",
    );
    expect(
      (await patch(project.id, { statusbar: "#fff" }, owner.cookie)).json().project.statusbar,
    ).toBe("#fff");
    expect(await rowOf(project.id)).toMatchObject({
      name: "Renamed",
      description: "New words",
      segment: "travel",
      color: "#123abc",
      statusbar: "#fff",
    });
  });

  it("accepts a 50-character name (the label's limit, not the spec's 35) and a 250-character description", async () => {
    const project = await createTestProject(app, owner.cookie);
    expect((await patch(project.id, { name: "n".repeat(50) }, owner.cookie)).statusCode).toBe(200);
    expect(
      (await patch(project.id, { description: "d".repeat(250) }, owner.cookie)).statusCode,
    ).toBe(200);
  });

  it.each([
    [{ name: "" }, ProjectsTexts.nameRequired],
    [{ name: "n".repeat(51) }, ProjectsTexts.nameTooLong(50)],
    [{ description: "   " }, ProjectsTexts.descriptionEmpty],
    [{ description: "d".repeat(251) }, ProjectsTexts.descriptionTooLong(250)],
    [{ segment: "casino" }, ProjectsTexts.segmentRequired],
    [{ color: "red" }, ProjectsTexts.invalidHex],
    [{ statusbar: "#1234" }, ProjectsTexts.invalidHex],
    [{}, ProjectsTexts.nothingToUpdate],
    [{ status: true }, ProjectsTexts.nothingToUpdate],
  ])("refuses %j and changes nothing", async (body, message) => {
    const project = await createTestProject(app, owner.cookie);
    const before = await rowOf(project.id);
    const res = await patch(project.id, body, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "VALIDATION", message });
    expect(await rowOf(project.id)).toEqual(before);
  });

  it("answers 401 'You are not connected.', and 404 for another user's project", async () => {
    const project = await createTestProject(app, owner.cookie);
    const out = await patch(project.id, { name: "x" });
    expect(out.statusCode).toBe(401);
    expect(out.json().message).toBe(ProjectsTexts.notConnected);
    const theirs = await patch(project.id, { name: "Hijacked" }, stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(ProjectsTexts.invalidProjectId);
    expect((await rowOf(project.id))?.name).not.toBe("Hijacked");
    expect((await patch("bad id!", { name: "x" }, owner.cookie)).json().message).toBe(
      ProjectsTexts.invalidProjectId,
    );
  });
});

describe("PUT /api/projects/:id/icons/:kind", () => {
  it("replaces the launch icon; the old file leaves storage, a default icon never does", async () => {
    const project = await createTestProject(app, owner.cookie);
    const first = await putIcon(project.id, "launch", [fileOf(launchIcon())], owner.cookie);
    expect(first.statusCode).toBe(200);
    const firstKey = first.json().project.icLaunchFileUrl.replace("/api/files/", "");
    expect(storedFileKeys(app)).toContain(firstKey);
    // The default it replaced is still served.
    expect((await app.inject({ url: "/api/files/default.png" })).statusCode).toBe(200);

    const second = await putIcon(project.id, "launch", [fileOf(launchIcon())], owner.cookie);
    const secondKey = second.json().project.icLaunchFileUrl.replace("/api/files/", "");
    expect(secondKey).not.toBe(firstKey);
    expect(storedFileKeys(app)).toContain(secondKey);
    expect(storedFileKeys(app)).not.toContain(firstKey);
    const records = await app.deps.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.key, firstKey));
    expect(records).toHaveLength(0);
    expect((await rowOf(project.id))?.icLaunchFileUrl).toBe(secondKey);
  });

  it("replaces the notification icon with a 48×48 SVG only", async () => {
    const project = await createTestProject(app, owner.cookie);
    const ok = await putIcon(
      project.id,
      "notification",
      [fileOf(notificationIcon())],
      owner.cookie,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().project.icNotificationFileUrl).toMatch(/\.svg$/);

    const before = storedFileKeys(app);
    for (const [part, message] of [
      [notificationIcon(pngBytes(48, 48)), FilesTexts.notSvg],
      [launchIcon(), "Invalid file type. Allowed: .svg"],
      [notificationIcon(svgText({ width: 512, height: 512 })), FilesTexts.notificationIconSize],
      [
        notificationIcon(svgText({ inner: "<script>fetch('/api/account')</script>" })),
        FilesTexts.svgRefused(SvgRefusals.script),
      ],
    ] as const) {
      const res = await putIcon(project.id, "notification", [fileOf(part)], owner.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(storedFileKeys(app).sort()).toEqual(before.sort());
  });

  it("wants a file ('Field must have valid file.'), of the right size", async () => {
    const project = await createTestProject(app, owner.cookie);
    const none = await putIcon(project.id, "launch", [{ name: "other", value: "x" }], owner.cookie);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(FilesTexts.fieldMustHaveFile);
    const empty = await putIcon(
      project.id,
      "launch",
      [{ name: "file", filename: "", data: "" }],
      owner.cookie,
    );
    expect(empty.json().message).toBe(FilesTexts.fieldMustHaveFile);
    const small = await putIcon(project.id, "launch", [fileOf(launchIcon(511, 512))], owner.cookie);
    expect(small.json().message).toBe(FilesTexts.launchIconSize);
    const kind = await putIcon(project.id, "splash", [fileOf(launchIcon())], owner.cookie);
    expect(kind.statusCode).toBe(400);
  });

  it("answers 404 for another user's project and stores nothing; 401 signed out", async () => {
    const project = await createTestProject(app, owner.cookie);
    const before = storedFileKeys(app);
    const theirs = await putIcon(project.id, "launch", [fileOf(launchIcon())], stranger.cookie);
    expect(theirs.statusCode).toBe(404);
    expect(storedFileKeys(app).sort()).toEqual(before.sort());
    expect((await rowOf(project.id))?.icLaunchFileUrl).toBe("default.png");
    const out = await putIcon(project.id, "launch", [fileOf(launchIcon())]);
    expect(out.statusCode).toBe(401);
    expect(out.json().message).toBe(ProjectsTexts.notConnected);
  });
});
