// A fake Hybridge server for the SDK's unit tests: fetch answered by routes the test sets, and
// every call recorded with its headers and body.
import { vi } from "vitest";

export type RecordedCall = {
  method: string;
  url: string;
  path: string;
  headers: Headers;
  body: unknown;
};

export type FakeServer = {
  calls: RecordedCall[];
  /** Answers a call; the default answers 404. */
  answer: (call: RecordedCall) => Response | Promise<Response>;
  /** The calls to a path (without the server and query). */
  to: (path: string) => RecordedCall[];
};

export const SERVER = "https://hybridge.test";

export function fakeServer(): FakeServer {
  const server: FakeServer = {
    calls: [],
    answer: () => Response.json({ code: "NOT_FOUND", message: "No route." }, { status: 404 }),
    to: (path) => server.calls.filter((call) => call.path === path),
  };
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
    const call: RecordedCall = {
      method: init.method ?? "GET",
      url,
      path: new URL(url).pathname,
      headers: new Headers(init.headers),
      body,
    };
    server.calls.push(call);
    return server.answer(call);
  });
  return server;
}

/** What sign-in, sign-up and refresh answer: pair `n` of user `u1`. */
export const sessionAnswer = (n: number, user = { id: "u1", email: "ana@example.com" }) => ({
  user: { ...user, verified: false },
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  expiresIn: 900,
});

export const refusal = (status: number, code: string, message: string) =>
  Response.json({ code, message }, { status });
