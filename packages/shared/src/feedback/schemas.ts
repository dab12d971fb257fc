import { z } from "zod";
import { multiLineText } from "../common/fields";
import { pageCursorField } from "../common/paging";
import { FeedbackTexts } from "./texts";

/** Limits of the comments and evaluations tables (varchar lengths). */
export const COMMENT_MAX = 2000;
export const EVALUATION_TEXT_MAX = 1000;
/** How many comments a page of the list holds by default, and at most (newest first). */
export const COMMENTS_PAGE_SIZE = 20;
export const COMMENTS_PAGE_MAX = 100;
export const SCORE_MIN = 1;
export const SCORE_MAX = 5;
export const SCORE_DEFAULT = 3;

export const CommentInputSchema = z.object({
  text: multiLineText(FeedbackTexts.commentEmpty)
    .trim()
    .min(1, FeedbackTexts.commentEmpty)
    .max(COMMENT_MAX, FeedbackTexts.commentTooLong),
});
export type CommentInput = z.infer<typeof CommentInputSchema>;

/**
 * A comment as everyone may see it: the author's display name (the part of the e-mail before
 * the @, never the whole address) and id, and whether the author is an admin. This is what the
 * live stream sends to every viewer.
 */
export const PublicCommentSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  userId: z.string(),
  authorName: z.string(),
  isAdmin: z.boolean(),
});
export type PublicComment = z.infer<typeof PublicCommentSchema>;

/** A comment for the current viewer: may this session delete it? */
export const CommentSchema = PublicCommentSchema.extend({ canDelete: z.boolean() });
export type Comment = z.infer<typeof CommentSchema>;

const invalidLimit = FeedbackTexts.invalidLimit(COMMENTS_PAGE_MAX);

/**
 * `GET /api/feedback/comments?cursor=…&limit=…`: the first page without a cursor, the next ones
 * with the previous page's `nextCursor` (common/paging.ts).
 */
export const CommentsQuerySchema = z.object({
  cursor: pageCursorField(FeedbackTexts.invalidCursor),
  limit: z.coerce
    .number(invalidLimit)
    .int(invalidLimit)
    .min(1, invalidLimit)
    .max(COMMENTS_PAGE_MAX, invalidLimit)
    .optional(),
});
export type CommentsQuery = z.infer<typeof CommentsQuerySchema>;

export const CommentsResponseSchema = z.object({
  comments: z.array(CommentSchema),
  /** The next, older page's cursor; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type CommentsResponse = z.infer<typeof CommentsResponseSchema>;

export const CommentParamsSchema = z.object({ id: z.string().max(100) });

/** The live stream's events on the comments channel. */
export const CommentEvents = { added: "comment-added", deleted: "comment-deleted" } as const;
export const CommentDeletedEventSchema = z.object({ id: z.string() });

/** Who may delete a comment: its author, or an admin. The server enforces it; the web mirrors it. */
export function canDeleteComment(
  viewer: { id: string; isAdmin: boolean } | null | undefined,
  authorId: string,
): boolean {
  return Boolean(viewer && (viewer.isAdmin || viewer.id === authorId));
}

/** Display name shown publicly for an e-mail address: the part before the @. */
export function displayNameOf(email: string): string {
  const at = email.indexOf("@");
  return at > 0 ? email.slice(0, at) : email;
}

const ScoreSchema = z
  .number(FeedbackTexts.scoreOutOfRange)
  .int(FeedbackTexts.scoreOutOfRange)
  .min(SCORE_MIN, FeedbackTexts.scoreOutOfRange)
  .max(SCORE_MAX, FeedbackTexts.scoreOutOfRange);

const answer = (required: string) =>
  multiLineText(required)
    .trim()
    .min(1, required)
    .max(EVALUATION_TEXT_MAX, FeedbackTexts.evaluationTextTooLong);

export const EvaluationInputSchema = z.object({
  docClarity: ScoreSchema,
  apiIntuition: ScoreSchema,
  backendSimplicity: ScoreSchema,
  mainAdvantage: answer(FeedbackTexts.mainAdvantageRequired),
  mainWeakness: answer(FeedbackTexts.mainWeaknessRequired),
});
export type EvaluationInput = z.infer<typeof EvaluationInputSchema>;

export const EvaluationSchema = EvaluationInputSchema.extend({
  /** ISO 8601: first submission, then the latest edit. */
  submittedAt: z.string(),
  lastUpdatedAt: z.string(),
});
export type Evaluation = z.infer<typeof EvaluationSchema>;

/** The signed-in user's evaluation, or null before the first one. */
export const EvaluationResponseSchema = z.object({ evaluation: EvaluationSchema.nullable() });
export type EvaluationResponse = z.infer<typeof EvaluationResponseSchema>;

export const SaveEvaluationResponseSchema = z.object({
  evaluation: EvaluationSchema,
  /** True when this save created the evaluation, false when it updated it. */
  created: z.boolean(),
});
export type SaveEvaluationResponse = z.infer<typeof SaveEvaluationResponseSchema>;
