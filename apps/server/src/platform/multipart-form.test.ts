import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { CharacterTexts, MultipartTexts } from "@hybridge/shared/common/texts";
import { StoreTexts } from "@hybridge/shared/store/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FormPart, multipart } from "../../test/multipart";
import { createTestApp, createTestUser, TEST_ORIGIN, type TestApp } from "../../test/test-app";
import { pngBytes } from "../../test/test-images";
import { moduleFields, thumbnailPart } from "../features/store/test-support";

/**
 * Over a real socket (not app.inject): a form refused early is answered early, in our shape,
 * without the server reading the rest of a large body, and the connection is closed.
 */

let app: TestApp;
let cookie: string;
let base: string;
beforeAll(async () => {
  app = await createTestApp();
  cookie = (await createTestUser(app)).cookie;
  await app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await app?.cleanup();
});

const MB = 1024 * 1024;

/**
 * POSTs a module whose one file part announces `declaredBytes` bytes: `head`, then zeros written
 * as fast as the server takes them, until it answers. Returns the answer and how much was sent.
 */
function sendLargeForm(field: string, head: Buffer, declaredBytes: number) {
  const boundary = `----hybridge${randomBytes(8).toString("hex")}`;
  const start = Buffer.from(
    [
      `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBig\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="description"\r\n\r\nd\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="big.png"\r\n`,
      "Content-Type: image/png\r\n\r\n",
    ].join(""),
  );
  const end = Buffer.from(`\r\n--${boundary}--\r\n`);
  const total = start.length + declaredBytes + end.length;
  return new Promise<{
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
    sent: number;
  }>((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${base}/api/store/modules`, {
      method: "POST",
      headers: {
        origin: TEST_ORIGIN,
        cookie,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": total,
      },
    });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (c: Buffer) => chunks.push(c));
      response.on("end", () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          sent,
        });
      });
    });
    // Writing into a socket the server closed fails; the answer is what counts.
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const zeros = Buffer.alloc(MB);
    const write = () => {
      let ok = true;
      if (sent === 0) {
        ok = request.write(Buffer.concat([start, head]));
        sent = start.length + head.length;
      }
      while (ok && !answered && sent < start.length + declaredBytes) {
        const n = Math.min(zeros.length, start.length + declaredBytes - sent);
        ok = request.write(zeros.subarray(0, n));
        sent += n;
      }
      if (answered) return;
      if (ok) request.end(end);
      else request.once("drain", write);
    };
    write();
  });
}

describe("a large multipart body refused early", () => {
  it("answers a file under an unknown field with 400 at once, without reading 200 MB", async () => {
    const started = Date.now();
    const res = await sendLargeForm("other", Buffer.alloc(0), 200 * MB);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      code: "VALIDATION",
      message: MultipartTexts.unexpectedFile("other", ["thumbnail", "video"]),
    });
    expect(res.headers.connection).toBe("close");
    expect(res.sent).toBeLessThan(64 * MB);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("answers a thumbnail over its limit with 413 in our shape, without reading the rest", async () => {
    // A PNG whose one IDAT chunk announces 2 GB: well-formed as far as it goes, until 5 MB.
    const png = pngBytes(8, 8);
    const head = Buffer.concat([
      png.subarray(0, 33),
      Buffer.from([0x7f, 0xff, 0xff, 0xff]),
      Buffer.from("IDAT"),
    ]);
    const res = await sendLargeForm("thumbnail", head, 200 * MB);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message: StoreTexts.fileTooLarge("thumbnail", "5 MB"),
    });
    expect(res.headers.connection).toBe("close");
    expect(res.sent).toBeLessThan(64 * MB);
  });

  it("keeps serving after such answers", async () => {
    const res = await fetch(`${base}/api/store/modules`, { headers: { cookie } });
    expect(res.status).toBe(200);
  });
});

describe("parts a form cannot take", () => {
  const post = (parts: FormPart[]) => {
    const form = multipart([
      ...Object.entries(moduleFields()).map(([name, value]) => ({ name, value })),
      ...parts,
    ]);
    return app.inject({
      method: "POST",
      url: "/api/store/modules",
      headers: { origin: TEST_ORIGIN, cookie, ...form.headers },
      payload: form.payload,
    });
  };

  it("refuses a field or a file that names no field (a TypeError answered 500 before)", async () => {
    for (const part of [
      { filename: "thumb.png", data: pngBytes(64, 36), contentType: "image/png" },
      { value: "x" },
    ]) {
      const res = await post([part, thumbnailPart()]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message: MultipartTexts.unnamedPart });
    }
  });

  it("refuses a file whose name holds a character that is never stored", async () => {
    for (const filename of ["a\u0000b.png", "a\u001b[2J.png", "a\tb.png", "a\u0085b.png"]) {
      const res = await post([thumbnailPart(undefined, filename)]);
      expect(res.statusCode, JSON.stringify(filename)).toBe(400);
      expect(res.json()).toEqual({
        code: "VALIDATION",
        message: CharacterTexts.notAllowedInFileName("thumbnail"),
      });
    }
    // Any other name is only a name: the file is judged by its content.
    expect((await post([thumbnailPart(undefined, "Été 😀 \u202e.png")])).statusCode).toBe(201);
  });
});
