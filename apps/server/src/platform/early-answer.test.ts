import { randomBytes } from "node:crypto";
import net, { type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, TEST_ORIGIN, type TestApp } from "../../test/test-app";
import { LINGER_MS } from "./early-answer";

/**
 * An answer given before the body has all arrived reaches a client that is still writing its
 * upload and has not read anything yet: the server ends its side and closes the socket a few
 * seconds later, instead of a reset at once that would throw the answer away.
 */
let app: TestApp;
let cookie: string;
let port: number;
beforeAll(async () => {
  app = await createTestApp();
  cookie = (await createTestUser(app)).cookie;
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.cleanup();
});

const MB = 1024 * 1024;

/**
 * A store module whose file part, under a field the form does not take, announces 200 MB; the
 * client writes 32 MB of it before it reads anything (a phone on a slow uplink, a busy client).
 */
function uploadWithoutReading() {
  const boundary = `----hybridge${randomBytes(8).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="other"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return new Promise<{ answer: string; error: string | null; closedBy: "end" | "error" }>(
    (resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let answer = "";
      socket.pause();
      socket.on("data", (chunk: Buffer) => {
        answer += chunk.toString();
      });
      socket.on("end", () => {
        socket.end();
        resolve({ answer, error: null, closedBy: "end" });
      });
      socket.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ answer, error: error.code ?? error.message, closedBy: "error" }),
      );
      socket.write(
        [
          "POST /api/store/modules HTTP/1.1",
          "Host: 127.0.0.1",
          `Origin: ${TEST_ORIGIN}`,
          `Cookie: ${cookie}`,
          `Content-Type: multipart/form-data; boundary=${boundary}`,
          `Content-Length: ${head.length + 200 * MB}`,
          "",
          "",
        ].join("\r\n"),
      );
      socket.write(head);
      const zeros = Buffer.alloc(MB);
      let written = 0;
      const pump = () => {
        while (written < 32) {
          written += 1;
          if (!socket.write(zeros)) return void socket.once("drain", pump);
        }
      };
      pump();
      // Only now does the client look at what came back.
      setTimeout(() => socket.resume(), 500);
    },
  );
}

describe("an early answer", () => {
  it("reaches a client that is still writing and has read nothing yet, every time", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const { answer, error } = await uploadWithoutReading();
      expect(error, answer).toBeNull();
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);
      expect(answer).toContain('"code":"VALIDATION"');
    }
  });

  it("closes the connection after the linger time", async () => {
    await uploadWithoutReading();
    await expect
      .poll(
        () =>
          new Promise<number>((resolve, reject) =>
            app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
          ),
        { timeout: LINGER_MS + 5_000 },
      )
      .toBe(0);
  });
});
