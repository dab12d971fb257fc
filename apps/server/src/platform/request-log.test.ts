import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../test/test-app";

let app: TestApp;
const lines: Array<{ msg: string; status?: number; level: number }> = [];
let written = "";
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      written += String(chunk);
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  app = await createTestApp({ log: { level: "info", stream }, env: { SLOW_REQUEST_MS: "1000" } });
});
afterAll(async () => {
  await app?.cleanup();
});

describe("the request log", () => {
  it("skips successful requests and health checks, keeps refusals", async () => {
    const user = await createTestUser(app);
    lines.length = 0;
    await app.inject({ url: "/api/projects", headers: { cookie: user.cookie } });
    await app.inject({ url: "/api/health/live" });
    await app.inject({ url: "/api/health/ready" });
    expect(lines.filter((l) => l.msg !== "request refused")).toEqual([]);
    await app.inject({ url: "/api/projects" });
    expect(lines).toEqual([expect.objectContaining({ msg: "request refused", status: 401 })]);
  });

  it("writes no credential of a refused request: a stream's ?key=", async () => {
    const key = `hb_test_${"k3Y".repeat(14)}x`;
    lines.length = 0;
    written = "";
    const stream = await app.inject({ url: `/api/v1/db/collections/chat/events?key=${key}` });
    expect(stream.statusCode).toBe(401);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "request refused",
        status: 401,
        req: expect.objectContaining({
          url: "/api/v1/db/collections/chat/events?key=[redacted]",
        }),
      }),
    );
    expect(written).not.toContain(key.slice("hb_test_".length));
  });
});
