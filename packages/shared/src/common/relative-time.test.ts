import { describe, expect, it } from "vitest";
import { formatRelativeTime } from "./relative-time";

const now = new Date("2026-01-31T12:00:00Z");
const ago = (s: number) => new Date(now.getTime() - s * 1000);

describe("formatRelativeTime", () => {
  it("walks seconds, minutes, hours, days, then weeks", () => {
    expect(formatRelativeTime(ago(1), now)).toBe("1 second ago");
    expect(formatRelativeTime(ago(42), now)).toBe("42 seconds ago");
    expect(formatRelativeTime(ago(60), now)).toBe("1 minute ago");
    expect(formatRelativeTime(ago(3 * 3600), now)).toBe("3 hours ago");
    expect(formatRelativeTime(ago(86400), now)).toBe("1 day ago");
    expect(formatRelativeTime(ago(6 * 86400), now)).toBe("6 days ago");
    expect(formatRelativeTime(ago(7 * 86400), now)).toBe("1 week ago");
    expect(formatRelativeTime(ago(30 * 86400), now)).toBe("4 weeks ago");
  });

  it("never answers a negative time for a clock a little ahead", () => {
    expect(formatRelativeTime(new Date(now.getTime() + 5000), now)).toBe("0 seconds ago");
  });
});
