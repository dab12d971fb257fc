import { describe, expect, it } from "vitest";
import { formatEuros } from "./format-euros";

/** Every space of a formatted amount is a no-break space (U+00A0). */
const nbsp = "\u00a0";

describe("formatEuros", () => {
  it.each([
    [0, `0${nbsp}€`],
    [27, `27${nbsp}€`],
    [199, `199${nbsp}€`],
    [4.99, `4,99${nbsp}€`],
    [4.5, `4,50${nbsp}€`],
    [1299, `1${nbsp}299${nbsp}€`],
    [1299.9, `1${nbsp}299,90${nbsp}€`],
  ])("formats %s as %s", (amount, expected) => {
    expect(formatEuros(amount)).toBe(expected);
  });

  it("rounds to the cent, and drops cents that round away", () => {
    expect(formatEuros(9.999)).toBe(`10${nbsp}€`);
    expect(formatEuros(0.004)).toBe(`0${nbsp}€`);
    expect(formatEuros(2.005 + 0.001)).toBe(`2,01${nbsp}€`);
  });

  it("keeps the sign of a negative amount (a refund)", () => {
    expect(formatEuros(-27)).toBe(`-27${nbsp}€`);
  });

  it("writes the same spaces whatever the ICU version", () => {
    expect(formatEuros(1299.9)).not.toMatch(/[\u202f ]/u);
  });

  it("refuses what is not an amount", () => {
    expect(() => formatEuros(Number.NaN)).toThrow(RangeError);
    expect(() => formatEuros(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
