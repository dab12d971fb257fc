import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, postJson, type TestApp, uniqueEmail } from "../../../test/test-app";
import { betaSignups } from "../../platform/db/schema";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const signUp = (payload: unknown) => postJson(app, communityEndpoints.beta, payload);

async function rowsFor(email: string) {
  return app.deps.db
    .select()
    .from(betaSignups)
    .where(sql`lower(${betaSignups.email}) = ${email.toLowerCase()}`);
}

async function totalRows(): Promise<number> {
  const [row] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(betaSignups);
  return row?.n ?? 0;
}

describe("POST /api/community/beta", () => {
  it("stores the e-mail trimmed and lower-cased", async () => {
    const email = uniqueEmail("beta");
    const res = await signUp({ email: `  ${email.toUpperCase()} ` });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe(email);
    expect(rows[0]?.dateCreated).toBeInstanceOf(Date);
  });

  it("refuses the same e-mail again, in any letter case, with 409 and writes nothing", async () => {
    const email = uniqueEmail("dup");
    expect((await signUp({ email })).statusCode).toBe(201);
    const before = await totalRows();
    for (const again of [email, email.toUpperCase(), ` ${email.replace(/^d/, "D")} `]) {
      const res = await signUp({ email: again });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: "EMAIL_EXISTS", message: CommunityTexts.betaEmailExists });
    }
    expect(await totalRows()).toBe(before);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("keeps one row when 20 sign-ups with one e-mail arrive at once", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signUp({ email: i % 2 ? email.toUpperCase() : email })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toEqual({ code: "EMAIL_EXISTS", message: CommunityTexts.betaEmailExists });
    }
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("validates the e-mail and writes nothing for a bad request", async () => {
    const before = await totalRows();
    const cases: Array<[unknown, string]> = [
      [{ email: "" }, "Please enter your email address."],
      [{ email: "   " }, "Please enter your email address."],
      [{ email: "not-an-email" }, "The email address is not valid."],
    ];
    for (const [payload, message] of cases) {
      const res = await signUp(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: "VALIDATION", message });
    }
    expect((await signUp({})).statusCode).toBe(400);
    expect((await signUp({ email: 42 })).statusCode).toBe(400);
    expect(await totalRows()).toBe(before);
  });

  it("ignores unknown fields: the date is the server's", async () => {
    const email = uniqueEmail("strip");
    const res = await signUp({ email, dateCreated: "2000-01-01T00:00:00Z", id: "x" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email });
    const [row] = await rowsFor(email);
    expect(row?.dateCreated.getFullYear()).toBeGreaterThan(2000);
  });
});

describe("public write limits", () => {
  it("answer 429 past WRITE_RATE_LIMIT_MAX per address, each endpoint with its own budget", async () => {
    const limited = await createTestApp({ env: { WRITE_RATE_LIMIT_MAX: "2" } });
    try {
      const beta = () => postJson(limited, communityEndpoints.beta, { email: uniqueEmail("b") });
      expect((await beta()).statusCode).toBe(201);
      expect((await beta()).statusCode).toBe(201);
      const blocked = await beta();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe("RATE_LIMITED");
      const join = await postJson(limited, communityEndpoints.join, {});
      expect(join.statusCode).toBe(400);
    } finally {
      await limited.cleanup();
    }
  });
});
