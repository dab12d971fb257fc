import { describe, expect, it } from "vitest";
import { COUNTRY_OPTIONS, SEGMENT_OPTIONS } from "./labels";
import { BetaInputSchema, JoinInputSchema } from "./schemas";
import { CommunityTexts } from "./texts";

const valid = {
  name: "Fit Tracker",
  description: "A native app for gym members.",
  segment: "sports",
  email: "ada@example.com",
  country: "France",
};

const firstMessage = (input: unknown) => {
  const result = JoinInputSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe("JoinInputSchema", () => {
  it("trims every value and lower-cases the e-mail", () => {
    expect(
      JoinInputSchema.parse({
        name: "  Fit Tracker ",
        description: "\tA native app. ",
        segment: " sports ",
        email: "  Ada@Example.COM ",
        country: " France",
      }),
    ).toEqual({ ...valid, description: "A native app." });
  });

  it("answers 'All fields must have valid files.' for a blank or missing field", () => {
    for (const key of Object.keys(valid)) {
      expect(firstMessage({ ...valid, [key]: "   " })).toBe(CommunityTexts.allFieldsRequired);
      const { [key as keyof typeof valid]: _dropped, ...rest } = valid;
      expect(firstMessage(rest)).toBe(CommunityTexts.allFieldsRequired);
    }
  });

  it("bounds name 35, description 200 and e-mail 35, after trimming", () => {
    expect(firstMessage({ ...valid, name: "n".repeat(35) })).toBeUndefined();
    expect(firstMessage({ ...valid, name: ` ${"n".repeat(35)} ` })).toBeUndefined();
    expect(firstMessage({ ...valid, name: "n".repeat(36) })).toBe(CommunityTexts.nameTooLong);
    expect(firstMessage({ ...valid, description: "d".repeat(200) })).toBeUndefined();
    expect(firstMessage({ ...valid, description: "d".repeat(201) })).toBe(
      CommunityTexts.descriptionTooLong,
    );
    const at35 = `${"e".repeat(23)}@example.com`;
    expect(at35).toHaveLength(35);
    expect(firstMessage({ ...valid, email: at35 })).toBeUndefined();
    expect(firstMessage({ ...valid, email: `e${at35}` })).toBe(CommunityTexts.emailTooLong);
  });

  it("refuses an invalid e-mail, sector or country", () => {
    expect(firstMessage({ ...valid, email: "not-an-email" })).toBe(CommunityTexts.emailInvalid);
    expect(firstMessage({ ...valid, segment: "gaming" })).toBe(CommunityTexts.segmentInvalid);
    expect(firstMessage({ ...valid, country: "Spain" })).toBe(CommunityTexts.countryInvalid);
  });

  it("offers 15 sector options (with the empty one) and the six countries", () => {
    expect(SEGMENT_OPTIONS).toHaveLength(15);
    expect(SEGMENT_OPTIONS[0]?.value).toBe("");
    expect(SEGMENT_OPTIONS.find((o) => o.value === "realEstate")?.label).toBe("Real estate");
    expect(COUNTRY_OPTIONS.slice(1).map((o) => o.label)).toEqual([
      "France",
      "Belgium",
      "Canada",
      "Germany",
      "Suisse",
      "US",
    ]);
  });
});

describe("BetaInputSchema", () => {
  it("trims and lower-cases the e-mail", () => {
    expect(BetaInputSchema.parse({ email: " Ada@Example.COM " })).toEqual({
      email: "ada@example.com",
    });
  });
});
