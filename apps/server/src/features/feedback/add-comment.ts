import type { SessionUser } from "@hybridge/shared/auth/schemas";
import type { Comment, CommentInput } from "@hybridge/shared/feedback/schemas";
import type { Db } from "../../platform/db/client";
import { comments } from "../../platform/db/schema";
import { toComment } from "./comment-view";

/**
 * Stores a comment by `user`. Open feedback pages hear of it through the comments table's
 * trigger (watch-comments.ts).
 */
export async function addComment(options: {
  db: Db;
  user: SessionUser;
  input: CommentInput;
}): Promise<Comment> {
  const { db, user, input } = options;
  const [row] = await db
    .insert(comments)
    .values({ text: input.text, userId: user.id, userEmail: user.email.toLowerCase() })
    .returning();
  if (!row) throw new Error("comment insert returned no row");
  // The author is the session's user, whose admin flag is known already.
  return toComment(row, user.isAdmin, user);
}
