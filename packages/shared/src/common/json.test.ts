import { describe, expect, it } from "vitest";
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from "./json";

const objects = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;
const arrays = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

describe("jsonNestsDeeperThan", () => {
  it("counts objects and arrays, up to the limit and one beyond", () => {
    expect(MAX_JSON_DEPTH).toBe(100);
    expect(jsonNestsDeeperThan(objects(100))).toBe(false);
    expect(jsonNestsDeeperThan(objects(101))).toBe(true);
    expect(jsonNestsDeeperThan(arrays(100))).toBe(false);
    expect(jsonNestsDeeperThan(arrays(101))).toBe(true);
    expect(jsonNestsDeeperThan(`[${'{"a":['.repeat(50)}${"]}".repeat(50)}]`)).toBe(true);
    expect(jsonNestsDeeperThan(`[${arrays(99)},${arrays(99)}]`)).toBe(false);
    expect(jsonNestsDeeperThan(objects(4150))).toBe(true);
  });

  it("does not count brackets in strings, escaped quotes included", () => {
    expect(jsonNestsDeeperThan(JSON.stringify({ a: "[{".repeat(1000) }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ a: `"\\${"[".repeat(200)}` }))).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ [`k"${"{".repeat(200)}`]: 1 }))).toBe(false);
  });
});
