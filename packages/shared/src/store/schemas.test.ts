import { describe, expect, it } from "vitest";
import { CreateModuleInputSchema, ModulePriceSchema } from "./schemas";
import { StoreTexts } from "./texts";

const firstMessage = (result: {
  success: boolean;
  error?: { issues: Array<{ message: string }> };
}) => result.error?.issues[0]?.message;

describe("CreateModuleInputSchema", () => {
  it("applies the spec's defaults: price 0, platform multiplatform", () => {
    expect(CreateModuleInputSchema.parse({ title: " Maps ", description: "A map." })).toEqual({
      title: "Maps",
      description: "A map.",
      price: 0,
      platform: "multiplatform",
    });
    expect(
      CreateModuleInputSchema.parse({
        title: "Maps",
        description: "A map.",
        price: "",
        platform: "",
      }),
    ).toMatchObject({ price: 0, platform: "multiplatform" });
  });

  it("requires a title and a description with the spec's words", () => {
    for (const input of [
      { description: "A map." },
      { title: "   ", description: "A map." },
      { title: "Maps" },
      { title: "Maps", description: "" },
    ]) {
      expect(firstMessage(CreateModuleInputSchema.safeParse(input))).toBe(StoreTexts.required);
    }
  });

  it("bounds the title and the description", () => {
    expect(
      firstMessage(CreateModuleInputSchema.safeParse({ title: "x".repeat(121), description: "d" })),
    ).toBe(StoreTexts.titleTooLong(120));
    expect(
      firstMessage(
        CreateModuleInputSchema.safeParse({ title: "t", description: "x".repeat(2001) }),
      ),
    ).toBe(StoreTexts.descriptionTooLong(2000));
  });

  it("takes the three platforms only", () => {
    for (const platform of ["multiplatform", "android", "ios"]) {
      expect(
        CreateModuleInputSchema.parse({ title: "t", description: "d", platform }).platform,
      ).toBe(platform);
    }
    expect(
      firstMessage(
        CreateModuleInputSchema.safeParse({ title: "t", description: "d", platform: "web" }),
      ),
    ).toBe(StoreTexts.platformInvalid);
  });
});

describe("ModulePriceSchema", () => {
  it("takes euros with up to 2 decimals, as text or number", () => {
    expect(ModulePriceSchema.parse("12.5")).toBe(12.5);
    expect(ModulePriceSchema.parse("12.50")).toBe(12.5);
    expect(ModulePriceSchema.parse("0.29")).toBe(0.29);
    expect(ModulePriceSchema.parse(" 199 ")).toBe(199);
    expect(ModulePriceSchema.parse(4.99)).toBe(4.99);
    expect(ModulePriceSchema.parse("")).toBe(0);
  });

  it("refuses negative prices, a third decimal and what is not a number", () => {
    expect(firstMessage(ModulePriceSchema.safeParse("-1"))).toBe(StoreTexts.priceNegative);
    expect(firstMessage(ModulePriceSchema.safeParse("-0.01"))).toBe(StoreTexts.priceNegative);
    expect(firstMessage(ModulePriceSchema.safeParse("1.234"))).toBe(StoreTexts.priceCents);
    expect(firstMessage(ModulePriceSchema.safeParse(0.001))).toBe(StoreTexts.priceCents);
    for (const text of ["abc", "1,5", "0x10", "1e3", "Infinity", "NaN", "1.2.3"]) {
      expect(firstMessage(ModulePriceSchema.safeParse(text))).toBe(StoreTexts.priceInvalid);
    }
    expect(ModulePriceSchema.safeParse("100000000").success).toBe(false);
  });
});
