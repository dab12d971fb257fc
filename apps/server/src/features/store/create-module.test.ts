import { Readable } from "node:stream";
import { GenericTexts, MultipartTexts } from "@hybridge/shared/common/texts";
import { MODULE_MEDIA_RULES, tooLargeMessage } from "@hybridge/shared/store/media";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import { storedFileKeys } from "../../../test/seed";
import {
  createTestApp,
  createTestUser,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from "../../../test/test-app";
import { jpegBytes, pngBytes } from "../../../test/test-images";
import { modules, storedFiles } from "../../platform/db/schema";
import type { Storage } from "../../platform/storage";
import { createModule } from "./create-module";
import {
  moduleFields,
  mp4Bytes,
  postModule,
  thumbnailPart,
  videoPart,
  webmBytes,
  webpBytes,
  withCookie,
} from "./test-support";

let app: TestApp;
let author: TestUser;
beforeAll(async () => {
  app = await createTestApp();
  author = await createTestUser(app);
});
afterAll(async () => {
  await app?.cleanup();
});

const moduleCount = async () => (await app.deps.db.select({ id: modules.id }).from(modules)).length;

/** Runs a request that must be refused and checks it changed nothing: no row, no file. */
async function expectRefused(
  send: () => Promise<{ statusCode: number; json: () => unknown }>,
  status: number,
  message: string,
) {
  const filesBefore = storedFileKeys(app);
  const rowsBefore = await moduleCount();
  const storedBefore = (await app.deps.db.select().from(storedFiles)).length;
  const res = await send();
  expect(res.json()).toEqual({ code: expect.any(String), message });
  expect(res.statusCode).toBe(status);
  expect(storedFileKeys(app)).toEqual(filesBefore);
  expect(await moduleCount()).toBe(rowsBefore);
  expect((await app.deps.db.select().from(storedFiles)).length).toBe(storedBefore);
}

describe("POST /api/store/modules", () => {
  it("needs a signed-in user", async () => {
    await expectRefused(
      () => postModule(app, undefined, moduleFields()),
      401,
      GenericTexts.unauthenticated,
    );
  });

  it("adds a module with its thumbnail, recording its author, with files that have no owner", async () => {
    const res = await postModule(
      app,
      author.cookie,
      moduleFields({
        title: "  Charts  ",
        description: "Native charts.",
        price: "12.5",
        platform: "android",
      }),
    );
    expect(res.statusCode).toBe(201);
    const { module } = res.json();
    expect(module).toMatchObject({
      title: "Charts",
      description: "Native charts.",
      price: 12.5,
      platform: "android",
      videoUrl: null,
      canDelete: true,
    });
    expect(module.thumbnailUrl).toMatch(/^\/api\/files\/module-thumbnails\/[0-9a-f-]{36}\.webp$/);

    const [row] = await app.deps.db.select().from(modules).where(eq(modules.id, module.id));
    expect(row?.createdBy).toBe(author.id);
    const key = module.thumbnailUrl.replace("/api/files/", "");
    const [file] = await app.deps.db.select().from(storedFiles).where(eq(storedFiles.key, key));
    expect(file).toMatchObject({ ownerId: null, contentType: "image/webp" });
    expect(storedFileKeys(app)).toContain(key);

    // Served to anyone signed in: the server's own WebP of it.
    const image = await app.inject({
      method: "GET",
      url: module.thumbnailUrl,
      headers: withCookie(author.cookie),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
  });

  it("applies the defaults: price 0 and multiplatform", async () => {
    const res = await postModule(app, author.cookie, { title: "Defaults", description: "d" });
    expect(res.statusCode).toBe(201);
    expect(res.json().module).toMatchObject({ price: 0, platform: "multiplatform" });
  });

  it("requires a title, a description and a thumbnail, with the spec's words", async () => {
    const required = StoreTexts.required;
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ title: "  " })),
      400,
      required,
    );
    await expectRefused(() => postModule(app, author.cookie, { description: "d" }), 400, required);
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ description: "" })),
      400,
      required,
    );
    await expectRefused(() => postModule(app, author.cookie, moduleFields(), []), 400, required);
    // A video alone is not enough, and is not kept.
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields(), [videoPart()]),
      400,
      required,
    );
    // An empty file input is no thumbnail.
    await expectRefused(
      () =>
        postModule(app, author.cookie, moduleFields(), [
          { name: "thumbnail", filename: "", data: "" },
        ]),
      400,
      required,
    );
  });

  it("bounds the title and description", async () => {
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ title: "x".repeat(121) })),
      400,
      StoreTexts.titleTooLong(120),
    );
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ description: "x".repeat(2001) })),
      400,
      StoreTexts.descriptionTooLong(2000),
    );
  });

  it("validates the price: a number, 0 or more, with cents at most", async () => {
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ price: "-1" })),
      400,
      StoreTexts.priceNegative,
    );
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ price: "1.234" })),
      400,
      StoreTexts.priceCents,
    );
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ price: "ten" })),
      400,
      StoreTexts.priceInvalid,
    );
    const ok = await postModule(app, author.cookie, moduleFields({ price: "0.29" }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().module.price).toBe(0.29);
    const [row] = await app.deps.db
      .select()
      .from(modules)
      .where(eq(modules.id, ok.json().module.id));
    expect(row?.price).toBe(0.29);
  });

  it("refuses an unknown platform", async () => {
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields({ platform: "windows" })),
      400,
      StoreTexts.platformInvalid,
    );
  });

  it("recognises the thumbnail by its content, not its name", async () => {
    // A PNG named .webp is a PNG: accepted, and like every thumbnail stored as the server's WebP.
    const renamed = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(pngBytes(40, 40), "photo.webp"),
    ]);
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json().module.thumbnailUrl).toMatch(/\.webp$/);
    // A real WebP and a JPEG are accepted too.
    const webp = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(webpBytes(), "t.webp"),
    ]);
    expect(webp.statusCode).toBe(201);
    const webpUrl = webp.json().module.thumbnailUrl;
    expect(webpUrl).toMatch(/\.webp$/);
    const served = await app.inject({
      method: "GET",
      url: webpUrl,
      headers: withCookie(author.cookie),
    });
    expect(served.headers["content-type"]).toBe("image/webp");
    const jpeg = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(jpegBytes(64, 64), "t.png"),
    ]);
    expect(jpeg.statusCode).toBe(201);
    expect(jpeg.json().module.thumbnailUrl).toMatch(/\.webp$/);

    // A text file named .png is refused, and so is a PNG signature with a broken header.
    await expectRefused(
      () =>
        postModule(app, author.cookie, moduleFields(), [
          thumbnailPart("just some text, not an image", "fake.png"),
        ]),
      400,
      StoreTexts.notAnImage,
    );
    const broken = pngBytes(10, 10);
    broken.writeUInt8(broken.readUInt8(20) ^ 0xff, 20); // the IHDR checksum no longer matches
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields(), [thumbnailPart(broken, "broken.png")]),
      400,
      StoreTexts.notAnImage,
    );
    // A video is not a thumbnail.
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields(), [thumbnailPart(mp4Bytes(), "clip.png")]),
      400,
      StoreTexts.notAnImage,
    );
  });

  it("refuses a thumbnail over 5 MB and leaves no file", async () => {
    const big = Buffer.concat([
      pngBytes(16, 16),
      Buffer.alloc(MODULE_MEDIA_RULES.thumbnail.maxBytes),
    ]);
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields(), [thumbnailPart(big, "big.png")]),
      413,
      tooLargeMessage("thumbnail"),
    );
  });

  it("takes an optional MP4 or WebM video, checked by content", async () => {
    const mp4 = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(),
      videoPart(mp4Bytes(), "demo.mp4"),
    ]);
    expect(mp4.statusCode).toBe(201);
    const { videoUrl } = mp4.json().module;
    expect(videoUrl).toMatch(/^\/api\/files\/module-videos\/[0-9a-f-]{36}\.mp4$/);
    const served = await app.inject({
      method: "GET",
      url: videoUrl,
      headers: withCookie(author.cookie),
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.rawPayload.equals(mp4Bytes())).toBe(true);

    const webm = await postModule(app, author.cookie, moduleFields(), [
      thumbnailPart(),
      videoPart(webmBytes(), "demo.mp4"),
    ]);
    expect(webm.statusCode).toBe(201);
    expect(webm.json().module.videoUrl).toMatch(/\.webm$/);

    // Not a video: refused, and the thumbnail already written is removed too.
    await expectRefused(
      () =>
        postModule(app, author.cookie, moduleFields(), [
          thumbnailPart(),
          videoPart(pngBytes(8, 8), "demo.mp4"),
        ]),
      400,
      StoreTexts.notAVideo,
    );
    await expectRefused(
      () =>
        postModule(app, author.cookie, moduleFields(), [
          thumbnailPart(),
          videoPart("hello", "demo.webm"),
        ]),
      400,
      StoreTexts.notAVideo,
    );
  });

  it("refuses a second file in the same field", async () => {
    await expectRefused(
      () => postModule(app, author.cookie, moduleFields(), [thumbnailPart(), thumbnailPart()]),
      400,
      MultipartTexts.oneFilePerField,
    );
  });

  it("wants the form as multipart/form-data", async () => {
    const res = await app.inject({
      method: "POST",
      url: "/api/store/modules",
      headers: withCookie(author.cookie),
      payload: { title: "t", description: "d" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: "VALIDATION", message: MultipartTexts.notMultipart });
  });
});

describe("createModule", () => {
  it("writes nothing when the transaction fails after the files were stored", async () => {
    const filesBefore = storedFileKeys(app);
    const rowsBefore = await moduleCount();
    await expect(
      createModule({
        db: app.deps.db,
        storage: app.deps.storage,
        // No such user: the created_by foreign key fails inside the transaction.
        authorId: "no-such-user",
        input: { title: "t", description: "d", price: 0, platform: "ios" },
        files: [
          { kind: "thumbnail", fileName: "t.png", stream: Readable.from([pngBytes(8, 8)]) },
          { kind: "video", fileName: "v.mp4", stream: Readable.from([mp4Bytes()]) },
        ],
      }),
    ).rejects.toThrow();
    expect(storedFileKeys(app)).toEqual(filesBefore);
    expect(await moduleCount()).toBe(rowsBefore);
  });

  it("answers the spec's text when the thumbnail cannot be written", async () => {
    const failing: Storage = {
      ...app.deps.storage,
      put: async () => {
        throw new Error("disk full");
      },
    };
    const filesBefore = storedFileKeys(app);
    await expect(
      createModule({
        db: app.deps.db,
        storage: failing,
        authorId: author.id,
        input: { title: "t", description: "d", price: 0, platform: "ios" },
        files: [{ kind: "thumbnail", fileName: "t.png", stream: Readable.from([pngBytes(8, 8)]) }],
      }),
    ).rejects.toMatchObject({ status: 500, message: StoreTexts.thumbnailUploadFailed });
    expect(storedFileKeys(app)).toEqual(filesBefore);
  });

  it("reads the text fields before the files (a field after a file is refused)", async () => {
    const body = multipart([
      { name: "title", value: "t" },
      { name: "description", value: "d" },
      { name: "thumbnail", filename: "t.png", data: pngBytes(8, 8), contentType: "image/png" },
      { name: "price", value: "3" },
    ]);
    const filesBefore = storedFileKeys(app);
    const res = await app.inject({
      method: "POST",
      url: "/api/store/modules",
      headers: { origin: TEST_ORIGIN, cookie: author.cookie, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(storedFileKeys(app)).toEqual(filesBefore);
  });
});
