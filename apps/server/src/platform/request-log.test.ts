import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, type TestApp } from "../../test/test-app";

let app: TestApp;
const lines: Array<{ msg: string; status?: number; level: number }> = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, callback) {
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
});
