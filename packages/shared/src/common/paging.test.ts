import { describe, expect, it } from "vitest";
import { pageCursorField, parsePageCursor, writePageCursor } from "./paging";

const ID = "0b6c4c4e-8f4c-4c7e-9a53-3c2a4c0b1d2e";

describe("page cursors", () => {
  it("reads back what a list writes", () => {
    const cursor = { time: "2024-02-29T23:59:59.123456Z", id: ID };
    expect(parsePageCursor(writePageCursor(cursor))).toEqual(cursor);
  });

  it("refuses another form, and dates and times that do not exist", () => {
    for (const text of [
      "yesterday",
      `2024-01-01T00:00:00.000Z_${ID}`,
      `0999-01-01T00:00:00.000000Z_${ID}`,
      `2024-01-01T00:00:00.000000Z_${ID.toUpperCase()}`,
      `2024-02-30T00:00:00.000000Z_${ID}`,
      `2023-02-29T00:00:00.000000Z_${ID}`,
      `2024-04-31T00:00:00.000000Z_${ID}`,
      `2024-00-10T00:00:00.000000Z_${ID}`,
      `2024-01-01T24:00:00.000000Z_${ID}`,
      `2024-01-01T23:60:00.000000Z_${ID}`,
      `2024-12-31T23:59:60.000000Z_${ID}`,
    ]) {
      expect(parsePageCursor(text), text).toBeNull();
    }
  });

  it("is a query field that answers its list's own message", () => {
    const field = pageCursorField("cursor: no.");
    expect(field.safeParse(undefined)).toEqual({ success: true, data: undefined });
    const refused = field.safeParse(`2024-02-30T00:00:00.000000Z_${ID}`);
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("cursor: no.");
  });
});
