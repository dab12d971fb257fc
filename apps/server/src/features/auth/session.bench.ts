import { afterAll, bench, describe } from "vitest";
import { createTestApp, createTestUser } from "../../../test/test-app";

// Every signed-in request pays for the session lookup: keep it cheap.
const app = await createTestApp();
const user = await createTestUser(app);
afterAll(async () => {
  await app.cleanup();
});

describe("session", () => {
  bench("GET /api/session (signed in)", async () => {
    await app.inject({ url: "/api/session", headers: { cookie: user.cookie } });
  });
  bench("GET /api/session (signed out)", async () => {
    await app.inject({ url: "/api/session" });
  });
});
