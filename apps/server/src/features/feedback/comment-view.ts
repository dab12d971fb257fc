import {
  type Comment,
  canDeleteComment,
  displayNameOf,
  type PublicComment,
} from "@hybridge/shared/feedback/schemas";
import type { comments } from "../../platform/db/schema";

export type CommentRow = typeof comments.$inferSelect;
export type Viewer = { id: string; isAdmin: boolean } | null;

/** The live channel every comment change is published on. */
export const COMMENTS_CHANNEL = "comments";

/** What anyone may see of a comment: never the author's full e-mail. */
export function toPublicComment(row: CommentRow, adminEmails: ReadonlySet<string>): PublicComment {
  return {
    id: row.id,
    text: row.text,
    timestamp: row.timestamp.toISOString(),
    userId: row.userId,
    authorName: displayNameOf(row.userEmail),
    isAdmin: adminEmails.has(row.userEmail.toLowerCase()),
  };
}

export function toComment(
  row: CommentRow,
  adminEmails: ReadonlySet<string>,
  viewer: Viewer,
): Comment {
  return {
    ...toPublicComment(row, adminEmails),
    canDelete: canDeleteComment(viewer, row.userId),
  };
}
