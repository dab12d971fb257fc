import { COUNTRIES, SEGMENTS } from "@hybridge/shared/common/enums";
import { communityEndpoints } from "@hybridge/shared/community/endpoints";
import { CommunityTexts } from "@hybridge/shared/community/texts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, postJson, type TestApp } from "../../../test/test-app";
import { contacts } from "../../platform/db/schema";

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app?.cleanup();
});

const join = (payload: unknown) => postJson(app, communityEndpoints.join, payload);

const valid = {
  name: "Fit Tracker",
  description: "A native app for the members of our gyms.",
  segment: "sports",
  email: "owner@example.com",
  country: "Canada",
};

async function contactCount(): Promise<number> {
  const [row] = await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(contacts);
  return row?.n ?? 0;
}

/** Sends a request that must be refused with `message`, and proves nothing was stored. */
async function expectRefused(payload: unknown, message: string) {
  const before = await contactCount();
  const res = await join(payload);
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({ code: "VALIDATION", message });
  expect(await contactCount()).toBe(before);
}

describe("POST /api/community/join", () => {
  it("stores the request trimmed, with a lower-cased e-mail and status false", async () => {
    const res = await join({
      name: "  Fit Tracker  ",
      description: "\n A native app for the members of our gyms. ",
      segment: "sports",
      email: "  Owner@Example.COM ",
      country: "Canada",
    });
    expect(res.statusCode).toBe(201);
    const { contact } = res.json();
    expect(contact).toMatchObject({ ...valid, status: false });
    expect(Date.parse(contact.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    const [row] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ ...valid, status: false });
    expect(row?.createdAt).toBeInstanceOf(Date);
  });

  it("strips unknown fields: a client cannot set the status, id or date", async () => {
    const res = await join({
      ...valid,
      status: true,
      id: "00000000-0000-0000-0000-000000000000",
      createdAt: "2000-01-01T00:00:00Z",
      admin: true,
    });
    expect(res.statusCode).toBe(201);
    const { contact } = res.json();
    expect(Object.keys(contact).sort()).toEqual(
      ["country", "createdAt", "description", "email", "id", "name", "segment", "status"].sort(),
    );
    const [row] = await app.deps.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.status).toBe(false);
    expect(row?.id).not.toBe("00000000-0000-0000-0000-000000000000");
    expect(row?.createdAt.getFullYear()).toBeGreaterThan(2000);
  });

  it("answers 'All fields must have valid files.' for each blank or missing field", async () => {
    for (const key of ["name", "description", "segment", "email", "country"] as const) {
      await expectRefused({ ...valid, [key]: "" }, CommunityTexts.allFieldsRequired);
      await expectRefused({ ...valid, [key]: "   " }, CommunityTexts.allFieldsRequired);
      const { [key]: _missing, ...rest } = valid;
      await expectRefused(rest, CommunityTexts.allFieldsRequired);
    }
    await expectRefused({ ...valid, name: 42 }, CommunityTexts.allFieldsRequired);
    await expectRefused({}, CommunityTexts.allFieldsRequired);
  });

  it("accepts the limits exactly and refuses one character more", async () => {
    const email35 = `${"e".repeat(23)}@example.com`;
    expect(email35).toHaveLength(35);
    const atLimit = await join({
      ...valid,
      name: "n".repeat(35),
      description: "d".repeat(200),
      email: email35,
    });
    expect(atLimit.statusCode).toBe(201);

    await expectRefused({ ...valid, name: "n".repeat(36) }, CommunityTexts.nameTooLong);
    await expectRefused(
      { ...valid, description: "d".repeat(201) },
      CommunityTexts.descriptionTooLong,
    );
    await expectRefused({ ...valid, email: `e${email35}` }, CommunityTexts.emailTooLong);
  });

  it("counts the limits after trimming", async () => {
    const res = await join({ ...valid, name: `   ${"n".repeat(35)}   ` });
    expect(res.statusCode).toBe(201);
    expect(res.json().contact.name).toBe("n".repeat(35));
  });

  it("refuses an invalid e-mail, an unknown sector and an unknown country", async () => {
    await expectRefused({ ...valid, email: "owner-at-example.com" }, CommunityTexts.emailInvalid);
    await expectRefused({ ...valid, segment: "gaming" }, CommunityTexts.segmentInvalid);
    await expectRefused({ ...valid, segment: "Sports" }, CommunityTexts.segmentInvalid);
    await expectRefused({ ...valid, country: "Spain" }, CommunityTexts.countryInvalid);
  });

  it("accepts every sector and every country of the spec", async () => {
    expect(SEGMENTS).toHaveLength(14);
    for (const segment of SEGMENTS) {
      expect((await join({ ...valid, segment })).statusCode, segment).toBe(201);
    }
    for (const country of COUNTRIES) {
      expect((await join({ ...valid, country })).statusCode, country).toBe(201);
    }
  });

  it("needs no account", async () => {
    const res = await app.inject({
      method: "POST",
      url: communityEndpoints.join,
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
  });
});
