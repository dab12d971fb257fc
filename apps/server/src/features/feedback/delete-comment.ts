import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { ErrorCodes } from "@hybridge/shared/common/errors";
import { canDeleteComment } from "@hybridge/shared/feedback/schemas";
import { FeedbackTexts } from "@hybridge/shared/feedback/texts";
import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { comments } from "../../platform/db/schema";
import { AppError } from "../../platform/errors";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Deletes a comment when `user` wrote it or is an admin. Comments are public, so a comment that
 * exists but is someone else's answers 403 (not 404): hiding it would hide nothing.
 */
export async function deleteComment(options: {
  db: Db;
  user: SessionUser;
  commentId: string;
}): Promise<void> {
  const { db, user, commentId } = options;
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
}
