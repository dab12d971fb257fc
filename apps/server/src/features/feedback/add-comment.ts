import type { SessionUser } from "@hybridge/shared/auth/schemas";
import { type Comment, CommentEvents, type CommentInput } from "@hybridge/shared/feedback/schemas";
import type { Db } from "../../platform/db/client";
import { comments } from "../../platform/db/schema";
import type { LiveHub } from "../../platform/live";
import { COMMENTS_CHANNEL, toComment, toPublicComment } from "./comment-view";

/** Stores a comment by `user`, then tells every open feedback page about it. */
export async function addComment(options: {
  db: Db;
  live: LiveHub;
  adminEmails: ReadonlySet<string>;
  user: SessionUser;
  input: CommentInput;
}): Promise<Comment> {
  const { db, live, adminEmails, user, input } = options;
  const [row] = await db
    .insert(comments)
    .values({ text: input.text, userId: user.id, userEmail: user.email.toLowerCase() })
    .returning();
  if (!row) throw new Error("comment insert returned no row");
  // The insert has committed (a single statement): safe to announce.
  live.publish(COMMENTS_CHANNEL, {
    type: CommentEvents.added,
    data: toPublicComment(row, adminEmails),
  });
  return toComment(row, adminEmails, user);
}
