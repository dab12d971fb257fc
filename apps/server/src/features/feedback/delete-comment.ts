import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { CommentEvents, canDeleteComment } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { comments } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";
import type { LiveHub } from "../../platform/live";
import { COMMENTS_CHANNEL } from "./comment-view";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes a comment when `user` wrote it or is an admin. Comments are public, so a comment that
 * exists but is someone else's answers 403 (not 404): hiding it would hide nothing.
 */
export async function deleteComment(options: {
  db: Db;
  live: LiveHub;
  user: SessionUser;
  commentId: string;
}): Promise<void> {
  const { db, live, user, commentId } = options;
  if (!UUID.test(commentId)) throw AppError.notFound(FeedbackTexts.commentNotFound);
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ userId: comments.userId })
      .from(comments)
      .where(eq(comments.id, commentId))
      .for("update");
    if (!found) throw AppError.notFound(FeedbackTexts.commentNotFound);
    if (!canDeleteComment(user, found.userId)) {
      throw new AppError(ErrorCodes.FORBIDDEN, FeedbackTexts.forbiddenDelete);
    }
    await tx.delete(comments).where(eq(comments.id, commentId));
  });
  live.publish(COMMENTS_CHANNEL, { type: CommentEvents.deleted, data: { id: commentId } });
}
