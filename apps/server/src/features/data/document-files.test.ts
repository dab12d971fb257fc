import { CharacterTexts, JsonTexts } from "@hybridge/shared/common/texts";
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
      updatedAt: expect.any(String),
      version: 1,
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
    const SAMPLE = Buffer.from("%PDF-1.4\n%%EOF");
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
      // The data field is read as a JSON body is: its depth before anything walks it, and the
      // characters of what it holds once parsed (its raw text holds only ASCII escapes).
      ...[
        { data: `${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`, message: JsonTexts.tooDeep("data") },
        { data: `${"[".repeat(101)}${"]".repeat(101)}`, message: JsonTexts.tooDeep("data") },
        { data: '{"a":"\\u0000"}', message: CharacterTexts.notAllowed("data.a") },
        { data: '{"\\u0000":1}', message: CharacterTexts.notAllowed("data.\\u0000") },
        { data: '{"a":"\\ud800"}', message: CharacterTexts.notAllowed("data.a") },
        { data: '{"a":{"b":["\\u001b[2J"]}}', message: CharacterTexts.notAllowed("data.a.b.0") },
        { data: '{"a":"x"', message: DataTexts.dataField },
        { data: '{"__proto__":{"polluted":true}}', message: DataTexts.dataField },
      ].map(({ data, message }) => ({
        file: { filename: "a.pdf", contentType: "application/pdf", data: SAMPLE },
        data,
        status: 400,
        message,
      })),
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

describe("a document's file in caches", () => {
  it("is kept by the browser only and asked again at each use: deleted, it answers 404 at once", async () => {
    const added = await addWithFile("photos", "{}", {
      filename: "a.pdf",
      contentType: "application/pdf",
      data: Buffer.from("%PDF-1.4\n%%EOF"),
    });
    expect(added.statusCode).toBe(201);
    const { id, fileUrl } = added.json();
    const path = new URL(fileUrl).pathname;
    const served = await app.inject({ url: path });
    expect(served.statusCode).toBe(200);
    // Never a shared cache's, never a year: a deleted photo must not outlive its document.
    expect(served.headers["cache-control"]).toBe("private, no-cache");
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${path.split("/").at(-1)}"`);
    const again = await app.inject({ url: path, headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);

    const deleted = await app.inject({
      method: "DELETE",
      url: `/api/v1/db/collections/photos/documents/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect(deleted.statusCode).toBe(200);
    for (const headers of [{ "if-none-match": etag }, { "if-none-match": `W/${etag}` }, {}]) {
      const gone = await app.inject({ url: path, headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ code: "NOT_FOUND", message: DataTexts.fileNotFound });
      expect(gone.headers["cache-control"]).toBe("private, no-cache");
    }
  });

  it("answers the same with a cache-buster (?v=…), which changes nothing; other parameters stay refused", async () => {
    const pdf = Buffer.from("%PDF-1.4\n%%EOF");
    const added = await addWithFile("busted", "{}", {
      filename: "a.pdf",
      contentType: "application/pdf",
      data: pdf,
    });
    const { id, fileUrl } = added.json();
    const path = new URL(fileUrl).pathname;
    const plain = await app.inject({ url: path });
    const busted = await app.inject({ url: `${path}?v=1700000000123` });
    expect(busted.statusCode).toBe(200);
    expect(busted.rawPayload.equals(pdf)).toBe(true);
    expect(busted.headers.etag).toBe(plain.headers.etag);
    expect(busted.headers["cache-control"]).toBe("private, no-cache");
    const again = await app.inject({
      url: `${path}?v=2`,
      headers: { "if-none-match": plain.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    const other = await app.inject({ url: `${path}?v=1&size=large` });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({
      code: "VALIDATION",
      message: DataTexts.unknownQuery(["size"], ["v"]),
    });

    await app.inject({
      method: "DELETE",
      url: `/api/v1/db/collections/busted/documents/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });
    expect((await app.inject({ url: `${path}?v=3` })).statusCode).toBe(404);
  });
});

describe("how deeply a document may nest", () => {
  const nested = (levels: number) =>
    `${'{"a":'.repeat(levels - 1)}{"note":"two\\nlines\\tand a tab"}${"}".repeat(levels - 1)}`;
  const addJson = (payload: string) =>
    app.inject({
      method: "POST",
      url: "/api/v1/db/collections/deep/documents",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      payload,
    });
  const innermost = (document: Record<string, unknown>, levels: number) => {
    let level = document;
    for (let i = 1; i < levels; i++) level = level.a as Record<string, unknown>;
    return level;
  };

  it("takes 100 levels, with a file or without", async () => {
    const plain = await addJson(nested(100));
    expect(plain.statusCode).toBe(201);
    expect(innermost(plain.json(), 100)).toEqual({ note: "two\nlines\tand a tab" });
    const withFile = await addWithFile("deep", nested(100), {
      filename: "a.pdf",
      contentType: "application/pdf",
      data: Buffer.from("%PDF-1.4\n%%EOF"),
    });
    expect(withFile.statusCode).toBe(201);
    expect(innermost(withFile.json(), 100)).toEqual({ note: "two\nlines\tand a tab" });
  });

  it("refuses more before anything walks it: 5,000 levels (30 kB) ran the server out of stack", async () => {
    const before = storedFileKeys(app).length;
    for (const levels of [101, 5000]) {
      const res = await addJson(nested(levels));
      expect(res.statusCode, String(levels)).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: JsonTexts.tooDeep("body") });
    }
    // Brackets inside strings are text, not levels.
    const brackets = await addJson(JSON.stringify({ note: "[".repeat(500) + "{".repeat(500) }));
    expect(brackets.statusCode).toBe(201);
    const list = await app.inject({
      url: "/api/v1/db/collections/deep/documents",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(list.statusCode).toBe(200);
    expect(storedFileKeys(app)).toHaveLength(before);
  });
});
