import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { askedRows } from "./update-cache";

describe("askedRows", () => {
  it("remembers the pairs written, one update's install apart from another's", () => {
    const update = randomUUID();
    const other = randomUUID();
    askedRows.add(update, "install-a");
    expect(askedRows.has(update, "install-a")).toBe(true);
    expect(askedRows.has(update, "install-b")).toBe(false);
    expect(askedRows.has(other, "install-a")).toBe(false);
  });

  it("forgets the oldest pair once full, and stays bounded", () => {
    const update = randomUUID();
    askedRows.add(update, "first");
    for (let i = 0; i < 50_000; i++) askedRows.add(update, `install-${i}`);
    expect(askedRows.has(update, "first")).toBe(false);
    expect(askedRows.has(update, "install-49999")).toBe(true);
  });
});
