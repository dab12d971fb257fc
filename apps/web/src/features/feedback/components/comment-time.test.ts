import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { describe, expect, it } from "vitest";
import { formatCommentTime } from "./comment-time";

const now = new Date("2026-01-31T12:00:00Z");
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);

describe("formatCommentTime", () => {
  it("says 'just now' for a comment under 10 s old, or from a clock a little ahead", () => {
    expect(formatCommentTime(ago(0), now)).toBe(FeedbackTexts.justNow);
    expect(formatCommentTime(ago(9), now)).toBe(FeedbackTexts.justNow);
    expect(formatCommentTime(ago(-5), now)).toBe(FeedbackTexts.justNow);
  });

  it("keeps the spec's wording from 10 s on, weeks included", () => {
    expect(formatCommentTime(ago(10), now)).toBe("10 seconds ago");
    expect(formatCommentTime(ago(3600), now)).toBe("1 hour ago");
    expect(formatCommentTime(ago(7 * 86400), now)).toBe("1 week ago");
    expect(formatCommentTime(ago(21 * 86400), now)).toBe("3 weeks ago");
  });
});
