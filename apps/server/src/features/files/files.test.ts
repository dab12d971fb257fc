import { readFileSync } from "node:fs";
import path from "node:path";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../../../test/test-app";
import { pngBytes, svgText } from "../../../test/test-images";
import { serverRoot } from "../../platform/server-root";
import { authed, createTestProject, launchIcon, notificationIcon } from "../projects/test-support";
import { createTestModule, thumbnailPart, videoPart } from "../store/test-support";
import { SVG_CSP } from "./routes";

let app: TestApp;
let owner: TestUser;
let stranger: TestUser;
let launchUrl: string;
let notificationUrl: string;
beforeAll(async () => {
  app = await createTestApp();
  owner = await createTestUser(app);
  stranger = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie, {}, [
    launchIcon(),
    notificationIcon(),
  ]);
  launchUrl = project.icLaunchFileUrl;
  notificationUrl = project.icNotificationFileUrl;
});
afterAll(async () => {
  await app?.cleanup();
});

const get = (url: string, cookie?: string) => app.inject({ url, headers: authed(cookie) });

describe("GET /api/files/<key>", () => {
  it("serves the default icons to anyone, from the repository's assets", async () => {
    const png = await get("/api/files/default.png");
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["x-content-type-options"]).toBe("nosniff");
    expect(png.rawPayload.equals(readFileSync(path.join(serverRoot, "assets/default.png")))).toBe(
      true,
    );
    const svg = await get("/api/files/default.svg");
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["content-security-policy"]).toBe(SVG_CSP);
  });

  it("serves an owner's icon with its true type, nosniff, and a sandbox CSP for SVGs", async () => {
    const png = await get(launchUrl, owner.cookie);
    expect(png.statusCode).toBe(200);
    expect(png.headers["content-type"]).toBe("image/png");
    expect(png.headers["x-content-type-options"]).toBe("nosniff");
    // The server's own PNG of the icon (decision 029), whole.
    expect(Number(png.headers["content-length"])).toBe(png.rawPayload.length);
    expect(png.rawPayload.subarray(1, 4).toString("latin1")).toBe("PNG");
    const svg = await get(notificationUrl, owner.cookie);
    expect(svg.headers["content-type"]).toBe("image/svg+xml");
    expect(svg.headers["x-content-type-options"]).toBe("nosniff");
    expect(svg.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(svg.body).toBe(svgText());
  });

  it("answers 404 to another user, and for unknown or malformed keys", async () => {
    expect((await get(launchUrl, stranger.cookie)).statusCode).toBe(404);
    expect(
      (await get("/api/files/app-icons/00000000-0000-0000-0000-000000000000.png", owner.cookie))
        .statusCode,
    ).toBe(404);
    expect((await get("/api/files/..%2F..%2Fsecret", owner.cookie)).statusCode).toBe(404);
    expect((await get("/api/files/", owner.cookie)).statusCode).toBe(404);
  });

  it("serves store media to every signed-in user, privately cached", async () => {
    const author = await createTestUser(app);
    const module = await createTestModule(app, author.cookie, {}, [
      thumbnailPart(pngBytes(4, 4)),
      videoPart(),
    ]);
    for (const url of [module.thumbnailUrl, module.videoUrl as string]) {
      const res = await get(url, stranger.cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers["cache-control"]).toBe("private, max-age=31536000, immutable");
    }
    const thumbnail = await get(module.thumbnailUrl, stranger.cookie);
    // The server's own WebP of the thumbnail (decision 029), not the bytes sent.
    expect(thumbnail.headers["content-type"]).toBe("image/webp");
    expect(thumbnail.rawPayload.subarray(8, 12).toString("latin1")).toBe("WEBP");
    expect(thumbnail.rawPayload.equals(pngBytes(4, 4))).toBe(false);
  });

  it("answers 401 to a signed-out visitor for every stored file, existing or not", async () => {
    const author = await createTestUser(app);
    const module = await createTestModule(app, author.cookie);
    for (const url of [
      module.thumbnailUrl,
      launchUrl,
      notificationUrl,
      "/api/files/module-thumbnails/00000000-0000-0000-0000-000000000000.png",
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        code: "UNAUTHENTICATED",
        message: GenericTexts.unauthenticated,
      });
    }
  });

  it("serves the default icons publicly cached, to visitors too", async () => {
    const res = await get("/api/files/default.png");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("public, max-age=86400");
  });
});
