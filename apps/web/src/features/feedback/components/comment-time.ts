import { formatRelativeTime } from "@hybridge/shared/common/relative-time";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";

/** Below this age a comment is "just now" rather than "0 seconds ago". */
const JUST_NOW_MS = 10_000;

/**
 * When a comment was posted, relative to `now`: "just now" for the first seconds (a comment
 * one has just sent, or a clock a little ahead), then the spec's wording (formatRelativeTime:
 * "N seconds ago" … "1 week ago", "N weeks ago").
 */
export function formatCommentTime(date: Date, now: Date): string {
  return now.getTime() - date.getTime() < JUST_NOW_MS
    ? FeedbackTexts.justNow
    : formatRelativeTime(date, now);
}
