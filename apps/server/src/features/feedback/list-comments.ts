import { COMMENTS_LIMIT, type Comment } from "@hybridge/shared/feedback/schemas";
import { desc } from "drizzle-orm";
import type { Db } from "../../platform/db/client";
import { comments } from "../../platform/db/schema";
import { toComment, type Viewer } from "./comment-view";

/** The latest comments, newest first, in one query; `canDelete` is computed for `viewer`. */
export async function listComments(options: {
  db: Db;
  adminEmails: ReadonlySet<string>;
  viewer: Viewer;
  limit?: number;
}): Promise<Comment[]> {
  const { db, adminEmails, viewer, limit = COMMENTS_LIMIT } = options;
  const rows = await db
    .select()
    .from(comments)
    .orderBy(desc(comments.timestamp), desc(comments.id))
    .limit(limit);
  return rows.map((row) => toComment(row, adminEmails, viewer));
}
