import { connect } from "node:net";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { GenericTexts } from "@hybridge/shared/common/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

/**
 * What Node's HTTP parser refuses never reaches a route, and app.inject() goes around the
 * parser: these requests are written byte for byte on a real socket to a listening server.
 */

let app: TestApp;
let port: number;
beforeAll(async () => {
  app = await createTestApp();
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app?.cleanup();
});

type RawAnswer = { status: number; headers: string; body: string };

/**
 * Writes `request` and reads until the server closes the connection (or `end`, the client's
 * side closed after writing, as a client that stops mid-body does).
 */
function sendRaw(request: string, options: { end?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error("the server did not close the connection"));
    }, 10_000);
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", body = ""] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head, body });
    });
    socket.write(request);
    if (options.end) socket.end();
  });
}

const json = "Content-Type: application/json\r\n";
const signIn = "POST /api/auth/sign-in/email HTTP/1.1\r\nHost: localhost\r\n";

describe("requests the HTTP parser refuses", () => {
  it("are answered in our shape, not Fastify's, and the connection closed", async () => {
    const cases = [
      {
        label: "a control character in a header's value",
        request: "GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX-Note: a\u0001b\r\n\r\n",
        status: 400,
        message: GenericTexts.malformedRequest,
      },
      {
        label: "a space in a header's name",
        request: "GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX Note: a\r\n\r\n",
        status: 400,
        message: GenericTexts.malformedRequest,
      },
      {
        label: "a chunk size that is not hexadecimal",
        request: `${signIn}${json}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
        status: 400,
        message: GenericTexts.malformedRequest,
      },
      {
        label: "headers over the parser's limit",
        request: `GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
        status: 431,
        message: GenericTexts.headersTooLarge,
      },
    ];
    for (const c of cases) {
      const answer = await sendRaw(c.request);
      expect(answer.status, c.label).toBe(c.status);
      expect(JSON.parse(answer.body), c.label).toEqual({
        code: ErrorCodes.VALIDATION,
        message: c.message,
      });
      expect(answer.headers.toLowerCase(), c.label).toContain("connection: close");
    }
  });

  it("answers a body cut short when the client stops sending", async () => {
    const answer = await sendRaw(`${signIn}${json}Content-Length: 100\r\n\r\n{"email":`, {
      end: true,
    });
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toEqual({
      code: ErrorCodes.VALIDATION,
      message: GenericTexts.truncatedRequest,
    });
  });

  it("keeps serving afterwards", async () => {
    const answer = await sendRaw(
      "GET /api/health/live HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
    );
    expect(answer.status).toBe(200);
  });
});
