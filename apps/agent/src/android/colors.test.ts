import { describe, expect, it } from "vitest";
import { isLightColor, toRrggbb } from "./colors";

describe("project colours", () => {
  it("become #RRGGBB", () => {
    expect(toRrggbb("theme colour", "#0e904d")).toBe("#0E904D");
    expect(toRrggbb("theme colour", " #fa0 ")).toBe("#FFAA00");
    expect(() => toRrggbb("theme colour", "#12345")).toThrow(
      'The theme colour "#12345" is not a hex colour code (e.g., #RRGGBB).',
    );
  });

  it("tell whether dark icons read better on them than white ones", () => {
    expect(isLightColor("#FFFFFF")).toBe(true);
    expect(isLightColor("#099E51")).toBe(true);
    expect(isLightColor("#000000")).toBe(false);
    expect(isLightColor("#112233")).toBe(false);
    expect(isLightColor("#D32F2F")).toBe(false);
  });
});
