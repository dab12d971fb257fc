import { createHash, createPublicKey, createVerify, randomUUID } from "node:crypto";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { devLinkUrl } from "@hybridge/shared/dev-app/links";
import { DevLinkResponseSchema, UNKNOWN_UPDATE } from "@hybridge/shared/dev-app/schemas";
import { DevLinkTexts } from "@hybridge/shared/dev-app/texts";
import { UpdatesListResponseSchema } from "@hybridge/shared/updates/schemas";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedProject } from "../../../test/seed";
import { createTestScene, TEST_ORIGIN, type TestApp, type TestUser } from "../../../test/test-app";
import { updateInstalls } from "../../platform/db/schema";
import { makeZip } from "../bundles/test-support";
import { deploy, deployableProject } from "../updates/test-support";

let app: TestApp, owner: TestUser;
beforeAll(async () => {
  ({ app, owner } = await createTestScene());
});
afterAll(() => app?.cleanup());

/** A project of the owner's with one deployed update saying `text`. */
async function projectWithUpdate(text: string, fields: Record<string, string> = {}) {
  const project = await deployableProject(app, owner, { name: `Shop ${text}` });
  const zip = await makeZip([{ name: "index.html", data: `<!doctype html><p>${text}</p>` }]);
  const deployed = await deploy(app, project.token, zip, fields);
  if (!deployed.update) throw new Error("the deploy made no update");
  return { project, update: deployed.update };
}

/** GET of the dev-link API for the preview link `devLinkUrl` builds (its path and query). */
const previewLink = (appKey: string, update: string) => {
  const link = new URL(devLinkUrl(TEST_ORIGIN, appKey, { update }));
  return app.inject({
    method: "GET",
    url: `/api/v1/dev-link/${encodeURIComponent(appKey)}${link.search}`,
  });
};

describe("GET /api/v1/dev-link/:appKey?update= (an update's preview, issue 27)", () => {
  it("answers the update to download and the key that verifies it, recording nothing", async () => {
    const { project, update } = await projectWithUpdate("preview me", {
      message: "New checkout",
      channel: "beta",
      rolloutPercent: "20",
    });
    const res = await previewLink(project.keyApp, update.id.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    const link = DevLinkResponseSchema.parse(res.json());
    expect(link).toMatchObject({
      v: 1,
      server: TEST_ORIGIN,
      appKey: project.keyApp,
      appName: "Shop preview me",
      devUrl: null,
      update: {
        id: update.id,
        url: `${TEST_ORIGIN}/api/v1/updates/${update.id}/bundle`,
        message: "New checkout",
        channel: "beta",
        rolloutPercent: 20,
        state: "live",
        createdAt: update.createdAt,
      },
    });
    // The bundle the URL serves has the answered size and hash, and the answered key verifies
    // its signature.
    const bundle = await app.inject({
      method: "GET",
      url: new URL(link.update?.url ?? "").pathname,
    });
    expect(bundle.statusCode).toBe(200);
    expect(link.update?.size).toBe(bundle.rawPayload.length);
    expect(link.update?.sha256).toBe(createHash("sha256").update(bundle.rawPayload).digest("hex"));
    const key = createPublicKey({
      key: Buffer.from(link.updatePublicKey ?? "", "base64"),
      format: "der",
      type: "spki",
    });
    const verify = createVerify("sha256").update(bundle.rawPayload);
    expect(verify.verify(key, Buffer.from(link.update?.signature ?? "", "base64"))).toBe(true);
    // A preview is not an install: no check, no asked row.
    expect(await app.deps.db.select().from(updateInstalls)).toEqual([]);
  });

  it("previews a paused and a rolled-back update, saying so", async () => {
    const { project, update } = await projectWithUpdate("paused");
    const base = `/api/projects/${project.id}`;
    const headers = { origin: TEST_ORIGIN, cookie: owner.cookie };
    const paused = await app.inject({
      method: "PATCH",
      url: `${base}/updates/${update.id}`,
      headers,
      payload: { paused: true },
    });
    expect(paused.statusCode).toBeLessThan(300);
    expect((await previewLink(project.keyApp, update.id)).json().update.state).toBe("paused");
    const rolledBack = await app.inject({
      method: "POST",
      url: `${base}/channels/production/rollback`,
      headers,
      payload: { to: "embedded" },
    });
    expect(rolledBack.statusCode).toBeLessThan(300);
    expect((await previewLink(project.keyApp, update.id)).json().update.state).toBe("rolled-back");
  });

  it("answers 404 for another app's update or an unknown one, 400 for a malformed id", async () => {
    const { update } = await projectWithUpdate("mine");
    const other = await seedProject(app, owner, { name: "Other" });
    for (const id of [update.id, randomUUID()]) {
      const res = await previewLink(other.keyApp, id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        code: UNKNOWN_UPDATE,
        message: DevLinkTexts.unknownUpdate,
      });
    }
    const unknownApp = await previewLink("no-such-app", update.id);
    expect(unknownApp.statusCode).toBe(404);
    expect(unknownApp.json().message).toBe(DevLinkTexts.unknownApp);
    const bad = await previewLink(other.keyApp, "not-a-uuid");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(ErrorCodes.VALIDATION);
  });

  it("gives the console the app key its preview links name", async () => {
    const { project } = await projectWithUpdate("listed");
    const res = await app.inject({
      method: "GET",
      url: `/api/projects/${project.id}/updates`,
      headers: { origin: TEST_ORIGIN, cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(UpdatesListResponseSchema.parse(res.json()).appKey).toBe(project.keyApp);
  });
});
