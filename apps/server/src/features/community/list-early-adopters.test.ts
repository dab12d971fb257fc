import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  postJson,
  type TestApp,
  uniqueEmail,
} from "../../../test/test-app";
import { betaSignups } from "../../platform/db/schema";

const ADMIN_EMAIL = uniqueEmail("admin");

let app: TestApp;
beforeAll(async () => {
  // Mixed case on purpose: the configuration lower-cases the list.
  app = await createTestApp({
    env: { ADMIN_EMAILS: ` other@example.test, ${ADMIN_EMAIL.toUpperCase()}` },
  });
});
afterAll(async () => {
  await app?.cleanup();
});

const list = (cookie?: string) =>
  app.inject({
    method: "GET",
    url: communityEndpoints.earlyAdopters,
    headers: cookie ? { cookie } : {},
  });

describe("GET /api/community/early-adopters", () => {
  it("asks a visitor to sign in (401)", async () => {
    const res = await list();
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe("UNAUTHENTICATED");
  });

  it("refuses a signed-in user who is not an admin (403) without any e-mail", async () => {
    await postJson(app, communityEndpoints.beta, { email: uniqueEmail("secret") });
    const user = await createTestUser(app);
    const res = await list(user.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: "FORBIDDEN",
      message: CommunityTexts.earlyAdoptersForbidden,
    });
    expect(res.body).not.toContain("secret");
  });

  it("gives an admin the whole list, newest first, with its count", async () => {
    const admin = await createTestAdmin(app, { email: ADMIN_EMAIL });
    const before = (await list(admin.cookie)).json();

    // One sign-up from weeks ago (written directly: the API always stamps "now").
    const oldEmail = uniqueEmail("old");
    await app.deps.db
      .insert(betaSignups)
      .values({ email: oldEmail, dateCreated: new Date(Date.now() - 15 * 86_400_000) });
    const added: string[] = [];
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail(`ea${i}`);
      expect((await postJson(app, communityEndpoints.beta, { email })).statusCode).toBe(201);
      added.push(email);
    }

    const res = await list(admin.cookie);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(before.count + 4);
    expect(body.items).toHaveLength(body.count);
    expect(body.items.slice(0, 3).map((i: { email: string }) => i.email)).toEqual(
      [...added].reverse(),
    );
    expect(body.items.at(-1).email).toBe(oldEmail);
    const dates = body.items.map((i: { dateCreated: string }) => Date.parse(i.dateCreated));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    for (const item of body.items) {
      expect(Object.keys(item).sort()).toEqual(["dateCreated", "email", "id"]);
    }
  });
});
