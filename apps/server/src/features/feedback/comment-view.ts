import {
  type Comment,
  canDeleteComment,
  displayNameOf,
  type PublicComment,
} from "@hybridge/shared/feedback/schemas";
import { type comments, user } from "../../platform/db/schema";
import { isAdminAccount } from "../../platform/session";

export type CommentRow = typeof comments.$inferSelect;
export type Viewer = { id: string; isAdmin: boolean } | null;

/** The live channel every comment change is published on. */
export const COMMENTS_CHANNEL = "comments";

/**
 * What the Admin badge needs of a comment's author, selected with the comment (joined with
 * `user` on its author): no query more per comment.
 */
export const authorColumns = { authorVerified: user.emailVerified } as const;

/** Whether a comment's author is an admin now: an admin address, verified (decision 032). */
export function isAdminAuthor(
  adminEmails: ReadonlySet<string>,
  row: { comment: CommentRow; authorVerified: boolean },
): boolean {
  return isAdminAccount(adminEmails, {
    email: row.comment.userEmail,
    emailVerified: row.authorVerified,
  });
}

/** What anyone may see of a comment: never the author's full e-mail. */
export function toPublicComment(row: CommentRow, authorIsAdmin: boolean): PublicComment {
  return {
    id: row.id,
    text: row.text,
    timestamp: row.timestamp.toISOString(),
    userId: row.userId,
    authorName: displayNameOf(row.userEmail),
    isAdmin: authorIsAdmin,
  };
}

export function toComment(row: CommentRow, authorIsAdmin: boolean, viewer: Viewer): Comment {
  return {
    ...toPublicComment(row, authorIsAdmin),
    canDelete: canDeleteComment(viewer, row.userId),
  };
}
