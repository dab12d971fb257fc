import { randomBytes } from "node:crypto";
import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RedisServer, startRedisServer } from "../../test/redis-server";
import { createTestApp, TEST_ORIGIN, type TestApp } from "../../test/test-app";
import { StartError } from "./start-error";

/**
 * With REDIS_URL, a limit is counted in Redis: two instances (here two apps, each on its own
 * database) spend the same budget; without Redis each would allow the whole budget.
 */
describe("rate limits in Redis (REDIS_URL)", () => {
  let redis: RedisServer;
  const apps: TestApp[] = [];
  const join = (app: TestApp, ip: string) =>
    app.inject({
      method: "POST",
      url: communityEndpoints.join,
      headers: { origin: TEST_ORIGIN },
      payload: {},
      remoteAddress: ip,
    });
  const twoInstances = async (env: Record<string, string>) => {
    const pair = [await createTestApp({ env }), await createTestApp({ env })] as const;
    apps.push(...pair);
    return pair;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    for (const app of apps) await app.cleanup();
    await redis.close();
  });

  it("is shared by every instance, per address, and refuses past it with Retry-After", async () => {
    const [a, b] = await twoInstances({
      REDIS_URL: redis.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString("hex")}:`,
      WRITE_RATE_LIMIT_MAX: "3",
    });
    // The limit runs before validation: an empty body spends the budget like any request.
    expect((await join(a, "203.0.113.7")).statusCode).toBe(400);
    expect((await join(b, "203.0.113.7")).statusCode).toBe(400);
    expect((await join(a, "203.0.113.7")).statusCode).toBe(400);
    const refused = await join(b, "203.0.113.7");
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect(refused.json().code).toBe("RATE_LIMITED");
    // Another address has its own budget.
    expect((await join(b, "203.0.113.8")).statusCode).toBe(400);
  });

  it("lets requests through uncounted while Redis is away, rather than failing them", async () => {
    const own = await startRedisServer();
    const [a] = await twoInstances({
      REDIS_URL: own.url,
      REDIS_KEY_PREFIX: `test-${randomBytes(4).toString("hex")}:`,
      WRITE_RATE_LIMIT_MAX: "1",
    });
    expect((await join(a, "203.0.113.9")).statusCode).toBe(400);
    expect((await join(a, "203.0.113.9")).statusCode).toBe(429);
    await own.close();
    for (let i = 0; i < 3; i += 1) expect((await join(a, "203.0.113.9")).statusCode).toBe(400);
  });

  it("stops the start with the reason when Redis does not answer", async () => {
    const gone = await startRedisServer();
    await gone.close();
    const start = createTestApp({ env: { REDIS_URL: gone.url } });
    await expect(start).rejects.toBeInstanceOf(StartError);
    await expect(start).rejects.toThrow(
      /REDIS_URL: Redis at redis:\/\/127\.0\.0\.1:\d+\/? does not answer/,
    );
  });
});
