import { DataTexts } from "@hybridge/shared/data/texts";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { multipart } from "../../../test/multipart";
import { createTestApp, createTestUser, type TestApp } from "../../../test/test-app";
import { authed, createTestProject, storedFileKeys } from "../projects/test-support";

let app: TestApp;
let key: string;
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_MAX_FILE_MB: "1" } });
  const owner = await createTestUser(app);
  const project = await createTestProject(app, owner.cookie);
  const settings = await app.inject({
    url: `/api/projects/${project.id}/settings`,
    headers: authed(owner.cookie),
  });
  key = settings.json().settings.databaseKey;
});
afterAll(async () => {
  await app?.cleanup();
});

/** A photo as phones make them: EXIF with a position, and bytes after the image's end. */
async function phonePhoto() {
  const jpeg = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } },
  })
    .jpeg()
    .withExif({ IFD0: { Copyright: "SECRET-GPS-48.8584N-2.2945E" } })
    .toBuffer();
  return Buffer.concat([jpeg, Buffer.from("TRAILING-PAYLOAD")]);
}

function addWithFile(
  collection: string,
  data: string | null,
  file: { filename: string; contentType: string; data: Buffer } | null,
) {
  const form = multipart([
    ...(data === null ? [] : [{ name: "data", value: data }]),
    ...(file ? [{ name: "file", ...file }] : []),
  ]);
  return app.inject({
    method: "POST",
    url: `/api/v1/db/collections/${collection}/documents/file`,
    headers: { authorization: `Bearer ${key}`, ...form.headers },
    payload: form.payload,
  });
}

const fileOf = (url: string) => app.inject({ url: new URL(url).pathname });

describe("adding a document with a file", () => {
  it("stores a cleaned copy of a photo and gives its address in fileUrl", async () => {
    const photo = await phonePhoto();
    const res = await addWithFile("receipts", JSON.stringify({ total: 42.5 }), {
      filename: "IMG_0001.JPG",
      contentType: "image/jpeg",
      data: photo,
    });
    expect(res.statusCode).toBe(201);
    const document = res.json();
    expect(document).toEqual({
      id: expect.any(String),
      createdAt: expect.any(String),
      total: 42.5,
      fileUrl: expect.stringMatching(
        /^http:\/\/localhost:3000\/api\/v1\/db\/files\/[0-9a-f-]{36}\.jpg$/,
      ),
    });
    const served = await fileOf(document.fileUrl);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["cross-origin-resource-policy"]).toBe("cross-origin");
    const stored = served.rawPayload;
    expect(stored.equals(photo)).toBe(false);
    expect(stored.includes(Buffer.from("SECRET-GPS"))).toBe(false);
    expect(stored.includes(Buffer.from("TRAILING-PAYLOAD"))).toBe(false);
    expect((await sharp(stored).metadata()).width).toBe(64);
    // The document read back carries the same address.
    const read = await app.inject({
      url: `/api/v1/db/collections/receipts/documents/${document.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(read.json().fileUrl).toBe(document.fileUrl);

    // Deleting the document deletes its file.
    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/v1/db/collections/receipts/documents/${document.id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await fileOf(document.fileUrl)).statusCode).toBe(404);
  });

  it("takes a GIF as a PNG and a PDF as it is", async () => {
    const gif = await sharp({
      create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 255 } },
    })
      .gif()
      .toBuffer();
    const asPng = await addWithFile("images", "{}", {
      filename: "a.gif",
      contentType: "image/gif",
      data: gif,
    });
    expect(asPng.statusCode).toBe(201);
    expect(asPng.json().fileUrl).toMatch(/\.png$/);
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
    const doc = await addWithFile("docs", '{"title":"Invoice"}', {
      filename: "invoice.pdf",
      contentType: "application/pdf",
      data: pdf,
    });
    expect(doc.statusCode).toBe(201);
    const served = await fileOf(doc.json().fileUrl);
    expect(served.headers["content-type"]).toBe("application/pdf");
    expect(served.headers["content-disposition"]).toBe("attachment");
    expect(served.rawPayload.equals(pdf)).toBe(true);
  });

  it("refuses what is not an image or a PDF, whatever its name, and keeps nothing", async () => {
    const before = storedFileKeys(app).length;
    const cases = [
      {
        file: {
          filename: "photo.png",
          contentType: "image/png",
          data: Buffer.from("<html><script>alert(1)</script></html>"),
        },
        data: "{}",
        status: 400,
        message: DataTexts.fileType,
      },
      {
        file: {
          filename: "fake.pdf",
          contentType: "application/pdf",
          data: Buffer.from("%PDF-1.4 no end"),
        },
        data: "{}",
        status: 400,
        message: DataTexts.fileType,
      },
      {
        file: {
          filename: "big.pdf",
          contentType: "application/pdf",
          data: Buffer.alloc(1024 * 1024 + 10, 1),
        },
        data: "{}",
        status: 413,
        message: DataTexts.fileTooLarge(1),
      },
      { file: null, data: "{}", status: 400, message: DataTexts.fileRequired },
      {
        file: {
          filename: "a.pdf",
          contentType: "application/pdf",
          data: Buffer.from("%PDF-1.4\n%%EOF"),
        },
        data: "[1]",
        status: 400,
        message: DataTexts.dataField,
      },
      {
        file: {
          filename: "a.pdf",
          contentType: "application/pdf",
          data: Buffer.from("%PDF-1.4\n%%EOF"),
        },
        data: '{"fileUrl":"mine"}',
        status: 400,
        message: DataTexts.reservedField("fileUrl"),
      },
    ];
    for (const c of cases) {
      const res = await addWithFile("refused", c.data, c.file);
      expect(res.statusCode, c.message).toBe(c.status);
      expect(res.json().message).toBe(c.message);
    }
    expect(storedFileKeys(app)).toHaveLength(before);
    const list = await app.inject({
      url: "/api/v1/db/collections/refused/documents",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(list.json().documents).toEqual([]);
  });
});
