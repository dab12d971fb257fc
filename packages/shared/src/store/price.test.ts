import { describe, expect, it } from "vitest";
import { formatEuros } from "../common/format-euros";
import { formatModulePrice } from "./price";
import { StoreTexts } from "./texts";

describe("formatModulePrice", () => {
  it("shows 'Free' for a price of 0", () => {
    expect(formatModulePrice(0)).toBe("Free");
    expect(formatModulePrice(0)).toBe(StoreTexts.free);
  });

  it("shows any other price in French euro format", () => {
    expect(formatModulePrice(12.5)).toBe(formatEuros(12.5));
    // "12,50 €": a decimal comma and the no-break space Intl puts before the sign.
    expect(formatModulePrice(12.5)).toMatch(/^12,50\s€$/u);
    expect(formatModulePrice(1299)).toBe(formatEuros(1299));
    expect(formatModulePrice(0.01)).toBe(formatEuros(0.01));
  });
});
